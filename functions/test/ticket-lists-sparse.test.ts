/**
 * Issue 28 §1: a ticket's list entries are sparse by status (data/ticket-list-keys.ts), so a message
 * moves a pending or open ticket in one list index: pending only in its queue's list, open only in its
 * user's list, closed in both. Every transition sets the new status's keys and removes the others; the
 * views of open tickets by queue read the user lists; an item written before (an open ticket still
 * carrying its queue-list keys) shows once; a tab over many lists reads O(page + lists) items.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it, vi } from 'vitest';
import type { TicketStatus } from '@atende/shared';
import { ddb, tableName } from '../src/data/client';
import { batchWrite } from '../src/data/table-operations';
import { mergeTicketLists, userList } from '../src/data/ticket-lists';
import { queueListPk, staleListIndexes, userListPk } from '../src/data/ticket-list-keys';
import { ticketItem, ticketKey, type TicketRecord } from '../src/data/tickets';
import { releaseQueueTickets } from '../src/domain/tickets/release-queue';
import {
  customerSays,
  listTickets,
  newNumber,
  putTicket,
  ticketOf,
  useWorkspace,
  type Workspace,
} from './support/ticket-fixtures';

const ctx = useWorkspace();

const rawTicket = async (cid: string, id: string) =>
  (await ddb().send(new GetCommand({ TableName: tableName(), Key: ticketKey(cid, id), ConsistentRead: true }))).Item!;

/** The ticket ids a list index holds under one partition key. */
async function listed(index: 'GSI1' | 'GSI2', pk: string): Promise<string[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: `${index}PK = :pk`,
      ExpressionAttributeValues: { ':pk': pk },
    }),
  );
  return (out.Items ?? []).map((i) => String(i.id));
}

async function pendingTicket(w: Workspace) {
  const number = newNumber();
  await customerSays(w, { number, body: 'preciso de ajuda' });
  return { number, ticket: (await ticketOf(w, number))! };
}

describe('list keys by status', () => {
  it('pending: only the queue list; accepted: only the user list, where its messages move it; closed: both', async () => {
    const w = ctx.w;
    const { number, ticket } = await pendingTicket(w);
    let item = await rawTicket(w.cid, ticket.id);
    expect(item.GSI1PK).toBe(queueListPk(w.cid, 'pending', w.queueA.id));
    expect(item.GSI2PK).toBeUndefined();
    expect(await listed('GSI1', queueListPk(w.cid, 'pending', w.queueA.id))).toContain(ticket.id);
    expect(await listed('GSI2', userListPk(w.cid, 'pending', null))).not.toContain(ticket.id);

    expect((await putTicket(w.operatorA.token, ticket.id, { status: 'open', userId: w.operatorA.user.id })).status).toBe(
      200,
    );
    item = await rawTicket(w.cid, ticket.id);
    expect(item.GSI2PK).toBe(userListPk(w.cid, 'open', w.operatorA.user.id));
    expect(item.GSI1PK).toBeUndefined();
    expect(await listed('GSI1', queueListPk(w.cid, 'open', w.queueA.id))).not.toContain(ticket.id);
    expect(await listed('GSI1', queueListPk(w.cid, 'pending', w.queueA.id))).not.toContain(ticket.id);

    await customerSays(w, { number, body: 'mais uma coisa' });
    const moved = await rawTicket(w.cid, ticket.id);
    expect(moved.GSI2SK).toBe(`${moved.updatedAt}#${ticket.id}`);
    expect(moved.GSI2SK > String(item.GSI2SK)).toBe(true);
    expect(moved.GSI1PK).toBeUndefined();

    expect((await putTicket(w.operatorA.token, ticket.id, { status: 'closed' })).status).toBe(200);
    item = await rawTicket(w.cid, ticket.id);
    expect(item.GSI1PK).toBe(queueListPk(w.cid, 'closed', w.queueA.id));
    expect(item.GSI2PK).toBe(userListPk(w.cid, 'closed', w.operatorA.user.id));
    expect(item.GSI1SK).toBe(item.GSI2SK);
  });

  it('a transfer moves the keys: to a user → their list only, to a queue → that queue list only', async () => {
    const w = ctx.w;
    const { ticket } = await pendingTicket(w);
    await putTicket(w.admin.token, ticket.id, { queueId: w.queueB.id, userId: w.operatorB.user.id });
    let item = await rawTicket(w.cid, ticket.id);
    expect(item).toMatchObject({ status: 'open', GSI2PK: userListPk(w.cid, 'open', w.operatorB.user.id) });
    expect(item.GSI1PK).toBeUndefined();

    await putTicket(w.admin.token, ticket.id, { queueId: w.queueA.id, userId: null });
    item = await rawTicket(w.cid, ticket.id);
    expect(item).toMatchObject({ status: 'pending', GSI1PK: queueListPk(w.cid, 'pending', w.queueA.id) });
    expect(item.GSI2PK).toBeUndefined();
    expect(await listed('GSI2', userListPk(w.cid, 'open', w.operatorB.user.id))).not.toContain(ticket.id);
  });

  it('an open ticket written before (still carrying its queue-list keys) shows once, and its next move drops them', async () => {
    const w = ctx.w;
    const { ticket } = await pendingTicket(w);
    await putTicket(w.operatorA.token, ticket.id, { status: 'open', userId: w.operatorA.user.id });
    const item = await rawTicket(w.cid, ticket.id);
    // the old code's shape: both list keys on an open ticket
    const stale = { ...item, GSI1PK: queueListPk(w.cid, 'open', w.queueA.id), GSI1SK: item.GSI2SK };
    await ddb().send(new PutCommand({ TableName: tableName(), Item: stale }));

    const showAll = await listTickets(w.admin.token, { status: 'open', showAll: true });
    expect(showAll.tickets.filter((t) => t.id === ticket.id)).toHaveLength(1);
    const mine = await listTickets(w.operatorA.token, { status: 'open' });
    expect(mine.tickets.filter((t) => t.id === ticket.id)).toHaveLength(1);
    const everyStatus = await listTickets(w.admin.token, { showAll: true });
    expect(everyStatus.tickets.filter((t) => t.id === ticket.id)).toHaveLength(1);
    const pending = await listTickets(w.admin.token, { status: 'pending' });
    expect(pending.tickets.some((t) => t.id === ticket.id)).toBe(false);

    // the stale item's transition is not refused, and leaves it with its status's keys only
    expect((await putTicket(w.admin.token, ticket.id, { userId: w.operatorB.user.id, queueId: w.queueA.id })).status).toBe(
      200,
    );
    const after = await rawTicket(w.cid, ticket.id);
    expect(after.GSI1PK).toBeUndefined();
    expect(after.GSI2PK).toBe(userListPk(w.cid, 'open', w.operatorB.user.id));
  });

  it("an open ticket written before loses its queue-list keys at its next message, once: later messages move it in its user's list only", async () => {
    const w = ctx.w;
    const { number, ticket } = await pendingTicket(w);
    await putTicket(w.operatorA.token, ticket.id, { status: 'open', userId: w.operatorA.user.id });
    const item = await rawTicket(w.cid, ticket.id);
    const staleQueueList = queueListPk(w.cid, 'open', w.queueA.id);
    await ddb().send(
      new PutCommand({ TableName: tableName(), Item: { ...item, GSI1PK: staleQueueList, GSI1SK: item.GSI2SK } }),
    );
    expect(await listed('GSI1', staleQueueList)).toContain(ticket.id);

    const send = vi.spyOn(ddb(), 'send');
    const removals = () =>
      send.mock.calls.filter(
        ([command]) => command instanceof UpdateCommand && /^REMOVE /.test(String(command.input.UpdateExpression)),
      );
    try {
      await customerSays(w, { number, body: 'ainda aguardo' });
      const cleaned = await rawTicket(w.cid, ticket.id);
      expect(cleaned.GSI1PK).toBeUndefined();
      expect(cleaned.GSI2PK).toBe(userListPk(w.cid, 'open', w.operatorA.user.id));
      expect(cleaned.lastMessage).toBe('ainda aguardo');
      expect(await listed('GSI1', staleQueueList)).not.toContain(ticket.id);
      expect(await listed('GSI2', userListPk(w.cid, 'open', w.operatorA.user.id))).toContain(ticket.id);
      expect(removals()).toHaveLength(1);

      await customerSays(w, { number, body: 'alguma novidade' });
      expect(removals()).toHaveLength(1); // nothing left to drop
      expect((await rawTicket(w.cid, ticket.id)).GSI1PK).toBeUndefined();
    } finally {
      send.mockRestore();
    }
    const mine = await listTickets(w.operatorA.token, { status: 'open' });
    expect(mine.tickets.filter((t) => t.id === ticket.id)).toHaveLength(1);
  });

  it("a pending ticket written before loses its user-list keys at its next message, and stays in its queue's list", async () => {
    const w = ctx.w;
    const { number, ticket } = await pendingTicket(w);
    const item = await rawTicket(w.cid, ticket.id);
    const staleUserList = userListPk(w.cid, 'pending', null);
    await ddb().send(
      new PutCommand({ TableName: tableName(), Item: { ...item, GSI2PK: staleUserList, GSI2SK: item.GSI1SK } }),
    );
    await customerSays(w, { number, body: 'alguém aí?' });
    const cleaned = await rawTicket(w.cid, ticket.id);
    expect(cleaned.GSI2PK).toBeUndefined();
    expect(cleaned.GSI1PK).toBe(queueListPk(w.cid, 'pending', w.queueA.id));
    expect(await listed('GSI2', staleUserList)).not.toContain(ticket.id);
    const pending = await listTickets(w.admin.token, { status: 'pending' });
    expect(pending.tickets.filter((t) => t.id === ticket.id)).toHaveLength(1);
  });

  it('a transition between the message and the drop wins: the keys of the status it set stay', async () => {
    const w = ctx.w;
    const { number, ticket } = await pendingTicket(w);
    await putTicket(w.operatorA.token, ticket.id, { status: 'open', userId: w.operatorA.user.id });
    const item = await rawTicket(w.cid, ticket.id);
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...item, GSI1PK: queueListPk(w.cid, 'open', w.queueA.id), GSI1SK: item.GSI2SK },
      }),
    );
    const original = ddb().send.bind(ddb());
    let returned = false;
    const send = vi.spyOn(ddb(), 'send').mockImplementation((async (command: unknown, ...rest: unknown[]) => {
      const expression = command instanceof UpdateCommand ? String(command.input.UpdateExpression) : '';
      if (!returned && expression.startsWith('REMOVE GSI1PK')) {
        returned = true; // an admin returns the ticket to its queue just before the drop
        expect((await putTicket(w.admin.token, ticket.id, { queueId: w.queueA.id, userId: null })).status).toBe(200);
      }
      return (original as (...args: unknown[]) => Promise<unknown>)(command, ...rest);
    }) as never);
    try {
      await customerSays(w, { number, body: 'voltei' });
    } finally {
      send.mockRestore();
    }
    expect(returned).toBe(true);
    const after = await rawTicket(w.cid, ticket.id);
    expect(after.status).toBe('pending');
    expect(after.GSI1PK).toBe(queueListPk(w.cid, 'pending', w.queueA.id));
    expect(await listed('GSI1', queueListPk(w.cid, 'pending', w.queueA.id))).toContain(ticket.id);
  });

  it('which list keys are stale: those a status does not keep', () => {
    const both = { GSI1PK: 'q', GSI2PK: 'u' };
    expect(staleListIndexes({ status: 'open', ...both })).toEqual(['GSI1']);
    expect(staleListIndexes({ status: 'pending', ...both })).toEqual(['GSI2']);
    expect(staleListIndexes({ status: 'closed', ...both })).toEqual([]);
    expect(staleListIndexes({ status: 'open', GSI2PK: 'u' })).toEqual([]);
    expect(staleListIndexes({ status: 'pending', GSI1PK: 'q' })).toEqual([]);
  });

  it("a deleted queue's open tickets (only in user lists) move to no queue", async () => {
    const w = ctx.w;
    const { ticket } = await pendingTicket(w);
    await putTicket(w.admin.token, ticket.id, { queueId: w.queueB.id, userId: w.operatorB.user.id });
    expect(await releaseQueueTickets(w.cid, w.queueB.id)).toBe(false);
    expect(await rawTicket(w.cid, ticket.id)).toMatchObject({ status: 'open', queueId: null, userId: w.operatorB.user.id });
  });
});

describe('open tickets by queue read the user lists', () => {
  it('showAll open with a queue filter spans users and pages with the cursor, counts exact', async () => {
    const w = ctx.w;
    const before = await listTickets(w.admin.token, { status: 'open', showAll: true });
    const inA: string[] = [];
    for (let i = 0; i < 26; i++) {
      const { ticket } = await pendingTicket(w);
      if (i % 4 === 3) {
        await putTicket(w.admin.token, ticket.id, { queueId: w.queueB.id, userId: w.operatorB.user.id });
        continue;
      }
      const token = i % 2 ? w.admin.token : w.operatorA.token;
      const userId = i % 2 ? w.admin.user.id : w.operatorA.user.id;
      expect((await putTicket(token, ticket.id, { status: 'open', userId })).status).toBe(200);
      inA.push(ticket.id);
    }
    const queueIds = JSON.stringify([w.queueA.id]);
    const first = await listTickets(w.admin.token, { status: 'open', showAll: true, queueIds });
    expect(first.tickets).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    const second = await listTickets(w.admin.token, { status: 'open', showAll: true, queueIds, cursor: first.cursor });
    const all = [...first.tickets, ...second.tickets];
    expect(second.hasMore).toBe(false);
    expect(all.every((t) => t.status === 'open' && t.queueId === w.queueA.id)).toBe(true);
    expect(new Set(all.map((t) => t.id)).size).toBe(all.length);
    expect(
      all
        .filter((t) => inA.includes(t.id))
        .map((t) => t.id)
        .sort(),
    ).toEqual([...inA].sort());
    expect(all.map((t) => `${t.updatedAt}#${t.id}`)).toEqual(
      all
        .map((t) => `${t.updatedAt}#${t.id}`)
        .sort()
        .reverse(),
    );
    expect(first.count).toBe(all.length);

    const onlyB = await listTickets(w.admin.token, {
      status: 'open',
      showAll: true,
      queueIds: JSON.stringify([w.queueB.id]),
    });
    expect(onlyB.tickets.every((t) => t.queueId === w.queueB.id)).toBe(true);
    const everyOpen = await listTickets(w.admin.token, { status: 'open', showAll: true });
    expect(everyOpen.count).toBe(before.count + 26);
    expect(onlyB.count + first.count).toBeLessThanOrEqual(everyOpen.count);
  });
});

describe('the merge over many lists', () => {
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  const record = (cid: string, userId: string, i: number): TicketRecord => {
    const at = new Date(base + i * 1000).toISOString();
    return {
      id: ulid(),
      uuid: ulid(),
      companyId: cid,
      status: 'open' as TicketStatus,
      contactId: ulid(),
      connectionId: 'conn',
      channel: 'whatsapp',
      userId,
      queueId: null,
      unreadMessages: 0,
      lastMessage: '',
      lastMessageAt: at,
      tagIds: [],
      chatbot: false,
      isGroup: false,
      createdAt: at,
      updatedAt: at,
      closedAt: null,
    };
  };

  it('reads O(page + lists) items and the cursor continues every list at once', async () => {
    const cid = ulid();
    const users = Array.from({ length: 16 }, () => ulid());
    // 16 lists of 12 tickets, activity interleaved; one list holds the newest 30 on its own
    const tickets = users.flatMap((u, k) => Array.from({ length: 12 }, (_, j) => record(cid, u, j * 16 + k)));
    tickets.push(...Array.from({ length: 30 }, (_, j) => record(cid, users[0]!, 1000 + j)));
    await batchWrite(tickets.map((t) => ({ PutRequest: { Item: ticketItem(t) } })));
    const expected = tickets
      .map((t) => `${t.updatedAt}#${t.id}`)
      .sort()
      .reverse();
    const sources = users.map((u) => userList(cid, 'open', u));

    const seen: string[] = [];
    let before: string | undefined;
    let reads = 0;
    for (let page = 0; page < 4; page++) {
      const out = await mergeTicketLists(sources, { pageSize: 20, maxItemsRead: 1000, before });
      seen.push(...out.tickets.map((t) => `${t.updatedAt}#${t.id}`));
      reads = Math.max(reads, out.itemsRead);
      before = out.cursor;
    }
    expect(seen).toEqual(expected.slice(0, 80));
    // one list per source read for the whole page would be 16 × 21 = 336 items a page
    expect(reads).toBeLessThanOrEqual(20 * 2 + 16 * 5);
  });
});
