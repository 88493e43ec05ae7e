/**
 * Issue 28 §1: a new ticket without a transaction (data/ticket-transitions.ts `insertTicket`), in a
 * guarded order: the conversation lock (with the whole ticket in it) beside its references, then the
 * ticket beside its counts. A lost race for the lock takes the references back and counts nothing; a
 * creation cut short after its lock is completed by the next reader, the same ticket, stored once and
 * counted at most once. A pending ticket counts only in its queue's counter.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { ddb, tableName } from '../src/data/client';
import { tenantPk } from '../src/data/keys';
import { getConnection } from '../src/data/connections';
import { getContact } from '../src/data/contacts';
import { readTicketCounts } from '../src/data/ticket-counters';
import {
  getConversation,
  getTicket as readTicket,
  getTicketByUuid,
  getTickets,
  listContactTicketIds,
  ticketUuid,
  type TicketRecord,
} from '../src/data/tickets';
import { insertTicket, removeTicket } from '../src/data/ticket-transitions';
import { TransactionConditionFailed } from '../src/data/transactions';
import { findOrCreateContact } from '../src/domain/contacts/find-or-create-contact';
import { identityOf } from '../src/domain/contacts/channel-identity';
import { conversationTicket } from '../src/domain/tickets/conversation-ticket';
import { newTicket } from '../src/domain/tickets/find-or-create-ticket';
import { customerEvent, customerSays, newNumber, ticketOf, useWorkspace, type Workspace } from './support/ticket-fixtures';

const workspace = useWorkspace();

/** A contact of the workspace's connection with no ticket yet, and a fresh pending ticket for it (not stored). */
async function draftTicket(w: Workspace, number = newNumber()): Promise<TicketRecord> {
  const event = customerEvent(w, { number, body: 'Oi' });
  if (event.type !== 'message.received') throw new Error('a customer message');
  const { contact } = await findOrCreateContact(w.cid, identityOf(event.message.contact, false));
  return newTicket((await getConnection(w.cid, w.connection.id))!, contact);
}

type Send = (command: object, ...rest: unknown[]) => Promise<unknown>;
const isTicketPut = (command: object) =>
  command instanceof PutCommand && (command.input.Item as Record<string, unknown>).entity === 'ticket';
const isLockPut = (command: object) =>
  command instanceof PutCommand && String((command.input.Item as Record<string, unknown>).PK).includes('#CONVO#');

/** Runs `work` with the client's sends going through `around(command, realSend)`. */
async function intercepting<T>(around: (command: object, send: Send) => Promise<unknown>, work: () => Promise<T>) {
  const realSend = ddb().send.bind(ddb()) as Send;
  const send = vi
    .spyOn(ddb(), 'send')
    .mockImplementation(((command: object, ...rest: unknown[]) =>
      around(command, (c, ...r) => realSend(c, ...(r.length ? r : rest)))) as never);
  try {
    return await work();
  } finally {
    send.mockRestore();
  }
}

const pendingInQueue = async (w: Workspace, queueId: string | null) =>
  (await readTicketCounts(w.cid)).byQueue('pending', queueId);

describe('a new ticket', () => {
  it('takes the lock (with the ticket in it) beside its references, then stores the ticket beside one count move per counter: no transaction', async () => {
    const { w } = workspace;
    const ticket = await draftTicket(w);
    const before = await readTicketCounts(w.cid);
    const send = vi.spyOn(ddb(), 'send');
    let calls: object[];
    try {
      await insertTicket(ticket, null);
      calls = send.mock.calls.map(([command]) => command as object);
    } finally {
      send.mockRestore();
    }
    const names = calls.map((command) => command.constructor.name);
    expect(names).not.toContain('TransactWriteCommand');
    // the lock and the references, then the ticket, the pending queue counter and the dashboard day
    expect(names.slice(0, 2).sort()).toEqual(['BatchWriteCommand', 'PutCommand']);
    expect(names.slice(2).sort()).toEqual(['PutCommand', 'UpdateCommand', 'UpdateCommand']);
    expect(isLockPut(calls.find((c) => c instanceof PutCommand)!)).toBe(true);

    expect(await readTicket(w.cid, ticket.id)).toMatchObject({ id: ticket.id, status: 'pending' });
    expect((await getTicketByUuid(w.cid, ticket.uuid))?.id).toBe(ticket.id);
    expect(await listContactTicketIds(w.cid, ticket.contactId, 5)).toContain(ticket.id);
    expect(await getConversation(w.cid, ticket.connectionId, ticket.contactId)).toMatchObject({
      ticketId: ticket.id,
      active: true,
      draft: { id: ticket.id, uuid: ticket.uuid },
    });
    const after = await readTicketCounts(w.cid);
    expect(after.byQueue('pending', ticket.queueId) - before.byQueue('pending', ticket.queueId)).toBe(1);
    expect(after.byUser('pending', null)).toBe(before.byUser('pending', null));
  });

  it('losing the conversation to another creator takes its references back and counts nothing', async () => {
    const { w } = workspace;
    const winner = await draftTicket(w);
    const contact = (await getContact(w.cid, winner.contactId))!;
    const loser = await newTicket((await getConnection(w.cid, w.connection.id))!, contact);
    await insertTicket(winner, null);
    const before = await readTicketCounts(w.cid);

    await expect(insertTicket(loser, null)).rejects.toSatisfy(
      (err) => err instanceof TransactionConditionFailed && err.has('conversation'),
    );
    expect((await getTicketByUuid(w.cid, loser.uuid))?.id).toBeUndefined();
    expect(await listContactTicketIds(w.cid, winner.contactId, 5)).toEqual([winner.id]);
    expect(await readTicket(w.cid, loser.id)).toBeUndefined();
    const after = await readTicketCounts(w.cid);
    expect(after.byQueue('pending', loser.queueId)).toBe(before.byQueue('pending', loser.queueId));
  });

  it('a retried Put of its own lock (the first attempt committed, the answer lost) is not a lost race', async () => {
    const { w } = workspace;
    const ticket = await draftTicket(w);
    await intercepting(
      async (command, send) => {
        if (!isLockPut(command)) return send(command);
        await send(command); // committed; the SDK's retry then meets its own write
        return send(command);
      },
      () => insertTicket(ticket, null),
    );
    expect(await readTicket(w.cid, ticket.id)).toMatchObject({ id: ticket.id });
  });

  it('cut short after its lock and before the ticket, the next customer message completes the same ticket, counted once', async () => {
    const { w } = workspace;
    const number = newNumber();
    const never = await draftTicket(w, number);
    const before = await pendingInQueue(w, never.queueId);
    await expect(
      intercepting(
        async (command, send) => {
          if (isTicketPut(command)) throw new Error('process stopped');
          return send(command);
        },
        () => insertTicket(never, null),
      ),
    ).rejects.toThrow('process stopped');
    expect(await readTicket(w.cid, never.id)).toBeUndefined(); // nothing lists it yet
    expect(await getTickets(w.cid, await listContactTicketIds(w.cid, never.contactId, 5))).toEqual([]);

    await customerSays(w, { number, body: 'Primeira' });
    const opened = (await ticketOf(w, number))!;
    expect(opened.id).toBe(never.id);
    expect(opened.uuid).toBe(never.uuid);
    expect(opened.lastMessage).toBe('Primeira'); // the message that completed it shows
    expect((await getTickets(w.cid, await listContactTicketIds(w.cid, never.contactId, 5))).map((t) => t.id)).toEqual([
      never.id,
    ]);
    // the holder counted it beside the ticket's Put; the completion counts nothing
    expect((await pendingInQueue(w, never.queueId)) - before).toBe(1);
  });

  it('cut short before its counts too, it is completed and counted one short, never one over', async () => {
    const { w } = workspace;
    const never = await draftTicket(w);
    const before = await pendingInQueue(w, never.queueId);
    await expect(
      intercepting(
        async (command, send) => {
          if (isTicketPut(command) || command.constructor.name === 'UpdateCommand') throw new Error('process stopped');
          return send(command);
        },
        () => insertTicket(never, null),
      ),
    ).rejects.toThrow('process stopped');
    const { ticket } = await conversationTicket(w.cid, never.connectionId, never.contactId);
    expect(ticket).toMatchObject({ id: never.id, status: 'pending' });
    expect(await readTicket(w.cid, never.id)).toMatchObject({ id: never.id });
    expect((await pendingInQueue(w, never.queueId)) - before).toBe(0);
  });

  it('a reader completing a creation under way stores the same ticket once, and the lock holder counts it once', async () => {
    const { w } = workspace;
    const ticket = await draftTicket(w);
    const before = await pendingInQueue(w, ticket.queueId);
    let completed: TicketRecord | undefined;
    let reader = false;
    await intercepting(
      async (command, send) => {
        if (isTicketPut(command) && !reader) {
          reader = true;
          // another reader sees the lock before the creator's Put lands, and completes it first
          completed = (await conversationTicket(w.cid, ticket.connectionId, ticket.contactId)).ticket;
        }
        return send(command);
      },
      () => insertTicket(ticket, null),
    );
    expect(completed).toMatchObject({ id: ticket.id, uuid: ticket.uuid });
    expect(await readTicket(w.cid, ticket.id)).toMatchObject({ id: ticket.id, uuid: ticket.uuid });
    expect((await pendingInQueue(w, ticket.queueId)) - before).toBe(1);
  });
});

/** The uuid's own item (AP-T2's older way), if stored. */
const uuidItemOf = async (cid: string, uuid: string) =>
  (await ddb().send(new GetCommand({ TableName: tableName(), Key: { PK: tenantPk(cid, 'TICKETUUID', uuid), SK: 'UUID' } })))
    .Item;

describe("a ticket's uuid", () => {
  it("is its id's (the same 128 bits): no item of its own, found by the ticket it spells", async () => {
    const { w } = workspace;
    const ticket = await draftTicket(w);
    expect(ticket.uuid).toBe(ticketUuid(ticket.id));
    expect(ticket.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const send = vi.spyOn(ddb(), 'send');
    let written: Record<string, unknown>[];
    try {
      await insertTicket(ticket, null);
      written = send.mock.calls.flatMap(([command]) => {
        const input = (command as { input: { RequestItems?: Record<string, { PutRequest?: { Item: object } }[]> } }).input;
        return Object.values(input.RequestItems ?? {}).flatMap((requests) =>
          requests.map((r) => r.PutRequest?.Item as Record<string, unknown>),
        );
      });
    } finally {
      send.mockRestore();
    }
    // the references batch holds the contact's reference only
    expect(written.map((item) => String(item.PK))).toEqual([tenantPk(w.cid, 'CONTACTTICKETS', ticket.contactId)]);
    expect(await uuidItemOf(w.cid, ticket.uuid)).toBeUndefined();
    expect((await getTicketByUuid(w.cid, ticket.uuid))?.id).toBe(ticket.id);
    // a uuid spelling no stored ticket, and a string that is no uuid, find nothing
    expect(
      (await getTicketByUuid(w.cid, ticketUuid(ticket.id.slice(0, -1) + (ticket.id.endsWith('0') ? '1' : '0'))))?.id,
    ).toBeUndefined();
    expect((await getTicketByUuid(w.cid, 'not-a-uuid'))?.id).toBeUndefined();
  });

  it('of a ticket from before (a random uuid) is still found through its own item, which goes with the ticket', async () => {
    const { w } = workspace;
    const ticket = { ...(await draftTicket(w)), uuid: randomUUID() };
    await insertTicket(ticket, null);
    expect(await uuidItemOf(w.cid, ticket.uuid)).toMatchObject({ ticketId: ticket.id });
    expect((await getTicketByUuid(w.cid, ticket.uuid))?.id).toBe(ticket.id);

    await removeTicket((await readTicket(w.cid, ticket.id))!, true);
    expect(await uuidItemOf(w.cid, ticket.uuid)).toBeUndefined();
    expect((await getTicketByUuid(w.cid, ticket.uuid))?.id).toBeUndefined();
  });

  it("of another company's ticket finds nothing", async () => {
    const { w } = workspace;
    const ticket = await draftTicket(w);
    await insertTicket(ticket, null);
    expect((await getTicketByUuid(`${w.cid}X`, ticket.uuid))?.id).toBeUndefined();
  });
});
