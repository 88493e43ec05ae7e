/**
 * A customer message for a conversation whose ticket is open: stored already attached, in one
 * transaction with the ticket's activity (record-message.ts, `recordMessageOnOpenTicket`), its
 * pipeline marker and index entries batched; redeliveries and a ticket closed in between. A new
 * contact's first message: stored with the ticket it opens, in one transaction (`recordMessageOnNewTicket`).
 */
import { BatchWriteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { ulid } from 'ulid';
import type { ChannelEvent } from '@atende/shared';
import { ddb } from '../src/data/client';
import { getMessage, insertMessageOnce, isMessagePipelineDone } from '../src/data/messages';
import { getConnection } from '../src/data/connections';
import { findContactIdByKey, getContact } from '../src/data/contacts';
import { getConversation, getTicket as readTicket } from '../src/data/tickets';
import { findOrCreateTicket, newTicket } from '../src/domain/tickets/find-or-create-ticket';
import { recordMessageOnNewTicket, recordMessageOnOpenTicket } from '../src/domain/tickets/ticket-activity';
import { apiCall } from './support/api-event';
import {
  customerEvent,
  customerSays,
  deliver,
  newNumber,
  putTicket,
  ticketOf,
  useWorkspace,
} from './support/ticket-fixtures';

const workspace = useWorkspace();

const bodiesOf = async (ticketId: string) =>
  (
    await apiCall('messages', 'GET', '/messages/{id}', {
      token: workspace.w.admin.token,
      pathParameters: { id: ticketId },
    })
  ).body.messages.map((m: { body: string }) => m.body);

describe('a message for an open ticket', () => {
  it('is stored already attached in one transaction, and its redelivery counts nothing', async () => {
    const { w } = workspace;
    const number = newNumber();
    await customerSays(w, { number, name: 'Rita', body: 'Bom dia' });
    const event = customerEvent(w, { number, name: 'Rita', body: 'Segunda mensagem' });

    const send = vi.spyOn(ddb(), 'send');
    try {
      await deliver(event);
      const commands = send.mock.calls.map(([command]) => command);
      expect(commands.filter((c) => c instanceof TransactWriteCommand)).toHaveLength(1);
      // No separate insert of the message, and no update of it once the pipeline is done.
      expect(commands.filter((c) => c instanceof PutCommand || c instanceof UpdateCommand)).toEqual([]);
      const batched = commands
        .filter((c) => c instanceof BatchWriteCommand)
        .flatMap((c) => Object.values((c as BatchWriteCommand).input.RequestItems ?? {}).flat())
        .map((r) => String(r.PutRequest?.Item?.PK));
      expect(batched.some((pk) => pk.includes('#MSGDONE#'))).toBe(true);
    } finally {
      send.mockRestore();
    }

    const ticket = (await ticketOf(w, number))!;
    expect(ticket).toMatchObject({ unreadMessages: 2, lastMessage: 'Segunda mensagem' });
    expect(await bodiesOf(ticket.id)).toEqual(['Bom dia', 'Segunda mensagem']);

    await deliver(event);
    await deliver({ ...event, eventId: ulid() }); // the same channel message under a new event id
    expect((await ticketOf(w, number))!.unreadMessages).toBe(2);
    expect(await bodiesOf(ticket.id)).toEqual(['Bom dia', 'Segunda mensagem']);
  });

  it('drops the echo of a message we stored with one insert attempt, without a transaction', async () => {
    const { w } = workspace;
    const number = newNumber();
    const first = customerEvent(w, { number, body: 'Olá' }) as Extract<ChannelEvent, { type: 'message.received' }>;
    await deliver(first);
    const stored = (await getMessage(w.cid, w.connection.id, first.message.externalId))!;
    // As the API stores an operator's message before the channel sends it (outbound-message.ts).
    const ours = { ...stored, id: ulid(), externalId: `3EB0${ulid()}`, body: 'Resposta', fromMe: true, pipelineDone: true };
    await insertMessageOnce(ours);
    const echo = customerEvent(w, { number, body: 'Resposta', fromMe: true, externalId: ours.externalId });

    const send = vi.spyOn(ddb(), 'send');
    try {
      await deliver(echo);
      const commands = send.mock.calls.map(([command]) => command);
      expect(commands.filter((c) => c instanceof TransactWriteCommand)).toEqual([]);
      expect(commands.filter((c) => c instanceof PutCommand)).toHaveLength(1);
    } finally {
      send.mockRestore();
    }
    expect((await ticketOf(w, number))!).toMatchObject({ unreadMessages: 1, lastMessage: 'Olá' });
  });

  it('writes nothing when the ticket was closed after it was read, and the message then reopens it', async () => {
    const { w } = workspace;
    const number = newNumber();
    const first = customerEvent(w, { number, body: 'Primeira' }) as Extract<ChannelEvent, { type: 'message.received' }>;
    await deliver(first);
    const dto = (await ticketOf(w, number))!;
    const asRead = (await readTicket(w.cid, dto.id))!;
    expect((await putTicket(w.operatorA.token, dto.id, { status: 'open', userId: w.operatorA.user.id })).status).toBe(200);
    expect((await putTicket(w.operatorA.token, dto.id, { status: 'closed' })).status).toBe(200);
    const closed = (await readTicket(w.cid, dto.id))!;

    // A later message of the same chat, as the worker builds it before choosing the ticket.
    const stored = (await getMessage(w.cid, w.connection.id, first.message.externalId))!;
    const draft = {
      ...stored,
      id: ulid(),
      externalId: `3EB0${ulid()}`,
      body: 'Tarde demais?',
      ticketId: null,
      queueId: null,
    };
    expect(await recordMessageOnOpenTicket(asRead, draft)).toEqual({ outcome: 'ticketClosed' });
    expect(await getMessage(w.cid, w.connection.id, draft.externalId)).toBeUndefined();
    expect((await readTicket(w.cid, dto.id))!).toMatchObject({
      status: 'closed',
      unreadMessages: closed.unreadMessages,
      lastMessage: 'Primeira',
    });

    // Through the worker, the same kind of message takes the general path: back as pending (reopen window).
    await customerSays(w, { number, body: 'Voltei' });
    expect(await ticketOf(w, number)).toMatchObject({
      id: dto.id,
      status: 'pending',
      unreadMessages: closed.unreadMessages + 1,
      lastMessage: 'Voltei',
    });
  });

  it('treats a stored message as done once it is older than any redelivery, without reading a marker', async () => {
    const { w } = workspace;
    const number = newNumber();
    const event = customerEvent(w, { number, body: 'Antiga' });
    await deliver(event);
    const stored = (await getMessage(
      w.cid,
      w.connection.id,
      (event as { message: { externalId: string } }).message.externalId,
    ))!;
    expect(await isMessagePipelineDone(stored)).toBe(true); // the marker
    const old = { ...stored, externalId: `${stored.externalId}-old`, updatedAt: '2020-01-01T00:00:00.000Z' };
    expect(await isMessagePipelineDone(old)).toBe(true); // no marker: too old to be a redelivery
    expect(await isMessagePipelineDone({ ...old, updatedAt: new Date().toISOString() })).toBe(false);
  });

  it("opens a new contact's first ticket without reading a conversation, which cannot exist yet", async () => {
    const { w } = workspace;
    const number = newNumber();
    const send = vi.spyOn(ddb(), 'send');
    try {
      await customerSays(w, { number, name: 'Nova', body: 'Primeira vez aqui' });
      const commands = send.mock.calls.map(([command]) => command);
      const conversationReads = commands.filter(
        (c) => c instanceof GetCommand && String(c.input.Key?.PK).includes('#CONVO#'),
      );
      expect(conversationReads).toEqual([]);
      // The contact's search entries ride in its insert transaction, not in a write of their own.
      const keysOf = (c: unknown) => JSON.stringify((c as { input: unknown }).input).match(/C#[^"]*#CIX#/g) ?? [];
      expect(commands.filter((c) => c instanceof BatchWriteCommand).flatMap(keysOf)).toEqual([]);
      expect(commands.filter((c) => c instanceof TransactWriteCommand).flatMap(keysOf).length).toBeGreaterThan(0);
    } finally {
      send.mockRestore();
    }
    expect(await ticketOf(w, number)).toMatchObject({
      status: 'pending',
      unreadMessages: 1,
      lastMessage: 'Primeira vez aqui',
    });
    const found = await apiCall('contacts', 'GET', '/contacts', {
      token: w.admin.token,
      query: { searchParam: number.slice(-9) },
    });
    expect(found.body.contacts.map((c: { number: string }) => c.number)).toContain(number);
  });

  it('after a lost first-message race, the general path converges on the ticket the other event opened', async () => {
    const { w } = workspace;
    const number = newNumber();
    await customerSays(w, { number, body: 'Oi' });
    const existing = (await ticketOf(w, number))!;
    const contact = (await getContact(w.cid, (await findContactIdByKey(w.cid, 'number', number))!))!;
    const connection = (await getConnection(w.cid, w.connection.id))!;
    // As if a concurrent event had opened it between this event's contact insert and its first-message transaction.
    const found = await findOrCreateTicket(connection, contact, { fromMe: false, body: 'Oi de novo' });
    expect(found).toMatchObject({ created: false, ticket: { id: existing.id } });
    expect((await getConversation(w.cid, w.connection.id, contact.id))?.ticketId).toBe(existing.id);
  });

  it("stores a new contact's first message with the ticket it opens, in one transaction; a redelivery counts nothing", async () => {
    const { w } = workspace;
    const number = newNumber();
    const event = customerEvent(w, { number, name: 'Bruna', body: 'Quero um orçamento' });
    const send = vi.spyOn(ddb(), 'send');
    try {
      await deliver(event);
      const commands = send.mock.calls.map(([command]) => command);
      const writesOf = (c: unknown) => JSON.stringify((c as { input: unknown }).input);
      const transactions = commands.filter((c) => c instanceof TransactWriteCommand).map(writesOf);
      // The contact's insert, then one transaction holding the message and its new ticket together.
      const opening = transactions.filter((t) => t.includes('#MSG#') && t.includes('#TICKET#'));
      expect(opening).toHaveLength(1);
      expect(opening[0]).toContain('#CONVO#');
      // No insert of the message of its own, and no attach afterwards.
      expect(
        commands
          .filter((c) => c instanceof PutCommand)
          .map(writesOf)
          .filter((p) => p.includes('#MSG#')),
      ).toEqual([]);
      expect(transactions.filter((t) => t.includes('#MSG#'))).toHaveLength(1);
    } finally {
      send.mockRestore();
    }
    const ticket = (await ticketOf(w, number))!;
    expect(ticket).toMatchObject({ status: 'pending', unreadMessages: 1, lastMessage: 'Quero um orçamento' });
    expect(await bodiesOf(ticket.id)).toEqual(['Quero um orçamento']);

    await deliver(event);
    await deliver({ ...event, eventId: ulid() });
    expect(await ticketOf(w, number)).toMatchObject({ id: ticket.id, unreadMessages: 1 });
    expect(await bodiesOf(ticket.id)).toEqual(['Quero um orçamento']);
  });

  it('writes nothing when a "new" contact\'s conversation was opened meanwhile, or the message is already stored', async () => {
    const { w } = workspace;
    const number = newNumber();
    const first = customerEvent(w, { number, body: 'Oi' }) as Extract<ChannelEvent, { type: 'message.received' }>;
    await deliver(first);
    const existing = (await ticketOf(w, number))!;
    const contact = (await getContact(w.cid, (await findContactIdByKey(w.cid, 'number', number))!))!;
    const connection = (await getConnection(w.cid, w.connection.id))!;
    const stored = (await getMessage(w.cid, w.connection.id, first.message.externalId))!;
    const draft = { ...stored, id: ulid(), externalId: `3EB0${ulid()}`, body: 'Corrida', ticketId: null, queueId: null };

    // As if a concurrent event had opened the conversation after this event created the contact.
    const raced = await newTicket(connection, contact);
    expect(await recordMessageOnNewTicket(raced, draft)).toEqual({ outcome: 'conversationTaken' });
    expect(await getMessage(w.cid, w.connection.id, draft.externalId)).toBeUndefined();
    expect(await readTicket(w.cid, raced.id)).toBeUndefined();
    expect((await getConversation(w.cid, w.connection.id, contact.id))?.ticketId).toBe(existing.id);

    // A redelivery of a message already stored reports it, whatever the conversation says.
    const again = { ...stored, ticketId: null, queueId: null };
    expect(await recordMessageOnNewTicket(await newTicket(connection, contact), again)).toEqual({ outcome: 'duplicate' });
    expect((await readTicket(w.cid, existing.id))!).toMatchObject({ unreadMessages: 1, lastMessage: 'Oi' });
  });
});
