/**
 * Inbound messages → tickets: find-or-create under the conversation lock, unread counts,
 * the reopen window, groups, messages typed on the phone, and idempotency under redelivery.
 */
import { BatchGetCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChannelEvent } from '@atende/shared';
import { ddb } from '../src/data/client';
import { ulid } from 'ulid';
import { countContacts, findContactIdByKey } from '../src/data/contacts';
import { getMessage, getMessageRef, isMessagePipelineDone } from '../src/data/messages';
import { getConversation, getTicket as readTicket } from '../src/data/tickets';
import { apiCall } from './support/api-event';
import {
  createWorkspace,
  customerEvent,
  customerSays,
  deliver,
  listTickets,
  newNumber,
  putTicket,
  setCompanySetting,
  startWorkspaceEmulators,
  ticketOf,
  type Workspace,
} from './support/ticket-fixtures';

let queues: Awaited<ReturnType<typeof startWorkspaceEmulators>>;
let w: Workspace;

beforeAll(async () => {
  queues = await startWorkspaceEmulators();
  w = await createWorkspace();
});
afterAll(async () => {
  await queues?.stop();
});

describe('a customer writes in', () => {
  it("opens a pending ticket in the connection's only queue, with the message and one unread", async () => {
    const number = newNumber();
    await customerSays(w, { number, name: 'Joana', body: 'Quero ajuda com meu pedido' });

    const ticket = await ticketOf(w, number);
    expect(ticket).toMatchObject({
      status: 'pending',
      queueId: w.queueA.id,
      userId: null,
      unreadMessages: 1,
      lastMessage: 'Quero ajuda com meu pedido',
    });
    expect(ticket!.contact).toMatchObject({ name: 'Joana', number });
    expect(ticket!.queue).toMatchObject({ name: 'Fila A', color: '#111111' });
    const messages = await apiCall('messages', 'GET', '/messages/{id}', {
      token: w.admin.token,
      pathParameters: { id: ticket!.id },
    });
    expect(messages.body.messages.map((m: { body: string }) => m.body)).toEqual(['Quero ajuda com meu pedido']);
  });

  it('20 concurrent first messages of a new contact make exactly one contact and one ticket with 20 unread', async () => {
    const number = newNumber();
    const events = Array.from({ length: 20 }, (_, i) => customerEvent(w, { number, name: 'Rajada', body: `mensagem ${i}` }));
    const contactsBefore = await countContacts(w.cid);

    // Each event in its own invocation, all at once: the worst case for the locks (no FIFO ordering between them).
    await Promise.all(events.map((e) => deliver(e)));

    expect(await countContacts(w.cid)).toBe(contactsBefore + 1);
    const ticket = await ticketOf(w, number);
    expect(ticket!.unreadMessages).toBe(20);
    const page = await apiCall('messages', 'GET', '/messages/{id}', {
      token: w.admin.token,
      pathParameters: { id: ticket!.id },
      query: { pageNumber: 1 },
    });
    const older = page.body.cursor
      ? (
          await apiCall('messages', 'GET', '/messages/{id}', {
            token: w.admin.token,
            pathParameters: { id: ticket!.id },
            query: { cursor: page.body.cursor },
          })
        ).body.messages
      : [];
    expect(page.body.messages.length + older.length).toBe(20);
    const pending = await listTickets(w.admin.token, { status: 'pending' });
    expect(pending.tickets.filter((t) => t.contact.number === number)).toHaveLength(1);
  });

  it('counts a redelivered message once (same event twice in one batch, then again later)', async () => {
    const number = newNumber();
    const event = customerEvent(w, { number, body: 'repetida' });

    await deliver(event, event);
    await deliver(event);

    expect((await ticketOf(w, number))!.unreadMessages).toBe(1);
  });

  it('records a message typed on the phone as fromMe, without unread', async () => {
    const number = newNumber();
    await customerSays(w, { number, body: 'oi' });
    await customerSays(w, { number, body: 'resposta do celular', fromMe: true });

    const ticket = await ticketOf(w, number);
    expect(ticket!.unreadMessages).toBe(1);
    expect(ticket!.lastMessage).toBe('resposta do celular');
    const messages = (
      await apiCall('messages', 'GET', '/messages/{id}', { token: w.admin.token, pathParameters: { id: ticket!.id } })
    ).body.messages;
    expect(messages.map((m: { body: string; fromMe: boolean }) => [m.body, m.fromMe])).toEqual([
      ['oi', false],
      ['resposta do celular', true],
    ]);
  });
});

describe('groups', () => {
  it('open no ticket while CheckMsgIsGroup is enabled, and do once it is disabled', async () => {
    const group = `1203630${Date.now() % 1e8}`;
    await customerSays(w, { number: group, isGroup: true, body: 'mensagem de grupo' });
    const contactId = await findContactIdByKey(w.cid, 'number', group);
    expect(contactId).toBeDefined();
    expect(await getConversation(w.cid, w.connection.id, contactId!)).toBeUndefined();

    await setCompanySetting(w, 'CheckMsgIsGroup', 'disabled');
    await customerSays(w, { number: group, isGroup: true, body: 'de novo' });
    await setCompanySetting(w, 'CheckMsgIsGroup', 'enabled');

    expect(await ticketOf(w, group)).toMatchObject({ isGroup: true, status: 'pending' });
  });

  it("finishes an ignored group's message once: its reference says done, and no one finds it by id", async () => {
    const group = `1203631${Date.now() % 1e8}`;
    const event = customerEvent(w, { number: group, isGroup: true, body: 'só registrada' });
    await deliver(event);
    const { externalId } = (event as Extract<ChannelEvent, { type: 'message.received' }>).message;
    const stored = (await getMessage(w.cid, w.connection.id, externalId))!;
    expect(stored.ticketId).toBeNull();
    expect(await isMessagePipelineDone(stored)).toBe(true);
    expect(await getMessageRef(w.cid, stored.id)).toBeUndefined();

    const send = vi.spyOn(ddb(), 'send');
    try {
      await deliver({ ...event, eventId: ulid() }); // a redelivery: its guard refuses it, then it is dropped
      const writes = send.mock.calls
        .map(([c]) => c)
        .filter((c) => !(c instanceof GetCommand) && !(c instanceof BatchGetCommand));
      expect(writes.map((c) => [c.constructor.name, (c as PutCommand).input.ConditionExpression])).toEqual([
        ['PutCommand', 'attribute_not_exists(PK)'],
      ]);
    } finally {
      send.mockRestore();
    }
  });
});

describe('reopen window', () => {
  async function closedTicket(number: string) {
    await customerSays(w, { number, body: 'primeira conversa' });
    const ticket = (await ticketOf(w, number))!;
    expect((await putTicket(w.operatorA.token, ticket.id, { status: 'open', userId: w.operatorA.user.id })).status).toBe(
      200,
    );
    expect((await putTicket(w.operatorA.token, ticket.id, { status: 'closed' })).status).toBe(200);
    return ticket;
  }

  it('brings the closed ticket back as pending when the customer writes within the window', async () => {
    const number = newNumber();
    const first = await closedTicket(number);

    await customerSays(w, { number, body: 'esqueci de perguntar' });

    const now = await ticketOf(w, number);
    expect(now).toMatchObject({ id: first.id, status: 'pending', userId: null, unreadMessages: 2 });
  });

  it('starts a new ticket once the window has passed', async () => {
    const number = newNumber();
    const first = await closedTicket(number);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60_000 }); // default window: 5 minutes
    try {
      await customerSays(w, { number, body: 'voltei outro dia' });
    } finally {
      vi.useRealTimers();
    }

    const now = await ticketOf(w, number);
    expect(now!.id).not.toBe(first.id);
    expect(now).toMatchObject({ status: 'pending', unreadMessages: 1 });
    expect((await readTicket(w.cid, first.id))!.status).toBe('closed');
  });

  it('follows the company setting (0 minutes: never reopen)', async () => {
    await setCompanySetting(w, 'ticketReopenWindowMinutes', '0');
    try {
      const number = newNumber();
      const first = await closedTicket(number);
      await new Promise((r) => setTimeout(r, 5));
      await customerSays(w, { number, body: 'outra' });
      expect((await ticketOf(w, number))!.id).not.toBe(first.id);
    } finally {
      await setCompanySetting(w, 'ticketReopenWindowMinutes', '5');
    }
  });
});

describe('unread and read receipts', () => {
  it('resets unread when the assigned operator opens the ticket, and tells the channel', async () => {
    const number = newNumber();
    await customerSays(w, { number, body: 'um' });
    await customerSays(w, { number, body: 'dois', externalId: `3EB0${ulid()}` });
    const ticket = (await ticketOf(w, number))!;
    await putTicket(w.operatorA.token, ticket.id, { status: 'open', userId: w.operatorA.user.id });
    await queues.take('outbound-0');

    const opened = await apiCall('messages', 'GET', '/messages/{id}', {
      token: w.operatorA.token,
      pathParameters: { id: ticket.id },
    });

    expect(opened.status).toBe(200);
    expect(opened.body.ticket.unreadMessages).toBe(0);
    expect(opened.body.messages.every((m: { read: boolean }) => m.read)).toBe(true);
    const commands = (await queues.take('outbound-0')).map((c) => c.body);
    expect(commands).toEqual([expect.objectContaining({ type: 'message.read', to: `${number}@s.whatsapp.net` })]);
    expect(commands[0].externalIds).toHaveLength(2);
    expect((await ticketOf(w, number))!.unreadMessages).toBe(0);
  });

  it('marks the page read with one write on the ticket (a read-up-to marker); a later message is unread, and only it is told', async () => {
    const number = newNumber();
    await customerSays(w, { number, body: 'um' });
    await customerSays(w, { number, body: 'dois', externalId: `3EB0${ulid()}` });
    const ticket = (await ticketOf(w, number))!;
    await putTicket(w.operatorA.token, ticket.id, { status: 'open', userId: w.operatorA.user.id });
    await queues.take('outbound-0');
    const open = () =>
      apiCall('messages', 'GET', '/messages/{id}', { token: w.operatorA.token, pathParameters: { id: ticket.id } });

    const send = vi.spyOn(ddb(), 'send');
    try {
      await open();
      const writes = send.mock.calls
        .map(([command]) => command)
        .filter((c) => /Update|Put|Transact|BatchWrite/.test(c.constructor.name))
        .map((c) => JSON.stringify(c.input))
        .filter((input) => !input.includes('#RATELIMIT#')); // the company's request budget
      // One write: the ticket (unread and marker), none per message.
      expect(writes).toEqual([expect.stringContaining('#TICKET#')]);
    } finally {
      send.mockRestore();
    }
    expect((await queues.take('outbound-0')).map((c) => c.body.externalIds.length)).toEqual([2]);
    // Read on every later read of the conversation, by anyone.
    const again = await apiCall('messages', 'GET', '/messages/{id}', {
      token: w.admin.token,
      pathParameters: { id: ticket.id },
    });
    expect(again.body.messages.map((m: { read: boolean }) => m.read)).toEqual([true, true]);

    const late = `3EB0${ulid()}`;
    await customerSays(w, { number, body: 'três', externalId: late });
    const reopened = await open();
    expect(reopened.body.messages.map((m: { body: string; read: boolean }) => [m.body, m.read])).toEqual([
      ['um', true],
      ['dois', true],
      ['três', true],
    ]);
    const told = (await queues.take('outbound-0')).map((c) => c.body);
    expect(told).toEqual([expect.objectContaining({ type: 'message.read', externalIds: [late] })]);
    expect((await ticketOf(w, number))!.unreadMessages).toBe(0);
  });

  it('keeps unread when someone else (an admin peeking) reads the conversation', async () => {
    const number = newNumber();
    await customerSays(w, { number, body: 'olá' });
    const ticket = (await ticketOf(w, number))!;
    await apiCall('messages', 'GET', '/messages/{id}', { token: w.admin.token, pathParameters: { id: ticket.id } });
    expect((await ticketOf(w, number))!.unreadMessages).toBe(1);
  });
});

describe('a batch of several chats', () => {
  it('reads ahead the first message of each chat (no GetItem per message), and a second message of a chat finds what the first made', async () => {
    const known = [newNumber(), newNumber(), newNumber()];
    for (const number of known) await customerSays(w, { number, name: 'Cliente', body: 'Oi' });
    const fresh = newNumber();
    const send = vi.spyOn(ddb(), 'send');
    try {
      await deliver(
        ...known.map((number) => customerEvent(w, { number, name: 'Cliente', body: 'De novo' })),
        customerEvent(w, { number: fresh, name: 'Nova', body: 'Primeira' }),
        customerEvent(w, { number: fresh, name: 'Nova', body: 'Segunda' }),
      );
      const gets = send.mock.calls.map(([command]) => command).filter((command) => command instanceof GetCommand);
      const readsOf = (number: string, contactId: string) =>
        gets.filter(
          (g) =>
            [`number#${number}`, contactId].includes(String(g.input.Key?.SK)) || String(g.input.Key?.PK).includes(contactId),
        );
      for (const number of known) expect(readsOf(number, (await findContactIdByKey(w.cid, 'number', number))!)).toEqual([]);
      // The new contact's second message reads the table: it finds the contact and ticket the first one created.
      expect(readsOf(fresh, (await findContactIdByKey(w.cid, 'number', fresh))!).length).toBeGreaterThan(0);
    } finally {
      send.mockRestore();
    }
    for (const number of known) expect((await ticketOf(w, number))!.unreadMessages).toBe(2);
    const ticket = (await ticketOf(w, fresh))!;
    expect(ticket.unreadMessages).toBe(2);
    expect(ticket.lastMessage).toBe('Segunda');
  });
});
