/**
 * A customer message for a conversation whose ticket is open: stored already attached, then the
 * ticket's activity, without a transaction (record-message.ts, `recordMessageOnOpenTicket`); its
 * by-id reference (= landed and pipeline done) batched with its index entries as the pipeline's last
 * write; redeliveries and a ticket closed in between. A new contact's first message: stored around
 * the ticket it opens (`recordMessageOnNewTicket`).
 */
import { BatchWriteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { ulid } from 'ulid';
import { monotonicUlid } from '@atende/shared/ids';
import type { ChannelEvent } from '@atende/shared';
import { ddb, tableName } from '../src/data/client';
import { getMessage, getMessageRef, insertMessageOnce, isMessagePipelineDone, messageRefItem } from '../src/data/messages';
import { putMessageOnce } from '../src/data/message-landing';
import { getConnection } from '../src/data/connections';
import { contactSearchTokens, findContactIdByKey, getContact, insertContact } from '../src/data/contacts';
import { existingIndexEntries } from '../src/data/search-index';
import { TransactionConditionFailed } from '../src/data/transactions';
import { applyTicketActivity, getConversation, getTicket as readTicket } from '../src/data/tickets';
import { insertTicket } from '../src/data/ticket-transitions';
import { ticketBots } from '../src/domain/bots/bot-runtime';
import { findOrCreateTicket, newTicket } from '../src/domain/tickets/find-or-create-ticket';
import { findOrCreateContact } from '../src/domain/contacts/find-or-create-contact';
import { identityOf } from '../src/domain/contacts/channel-identity';
import { buildMessage } from '../src/domain/inbound/record-message';
import {
  recordMessageOnNewTicket,
  recordMessageOnOpenTicket,
  recordOutboundMessage,
} from '../src/domain/tickets/ticket-activity';
import { apiCall } from './support/api-event';
import {
  conversationOf,
  customerEvent,
  customerSays,
  deliver,
  newNumber,
  putTicket,
  ticketOf,
  useWorkspace,
} from './support/ticket-fixtures';

const workspace = useWorkspace();

const bodiesOf = async (ticketId: string) => (await conversationOf(workspace.w.admin.token, ticketId)).map((m) => m.body);

describe('a message for an open ticket', () => {
  it('is stored already attached without a transaction: message, ticket activity, then reference and words in one batch; a redelivery counts nothing', async () => {
    const { w } = workspace;
    const number = newNumber();
    await customerSays(w, { number, name: 'Rita', body: 'Bom dia' });
    const event = customerEvent(w, { number, name: 'Rita', body: 'Segunda mensagem' });

    const send = vi.spyOn(ddb(), 'send');
    try {
      await deliver(event);
      const commands = send.mock.calls.map(([command]) => command);
      // A transaction bills every item twice: none here (issue 28 §1).
      expect(commands.filter((c) => c instanceof TransactWriteCommand)).toEqual([]);
      const writes = commands
        .filter((c) => c instanceof PutCommand || c instanceof UpdateCommand)
        .map(
          (c) => `${c.constructor.name}:${String((c as PutCommand).input.Item?.PK ?? (c as UpdateCommand).input.Key?.PK)}`,
        );
      // The guard first (the message, conditional), then the ticket's activity; nothing else on its own.
      expect(writes).toEqual([
        expect.stringMatching(/^PutCommand:.*#MSG#/),
        expect.stringMatching(/^UpdateCommand:.*#TICKET#/),
      ]);
      // The pipeline's last write: the reference (landed and done: no marker item) with the words, one call.
      const batches = commands
        .filter((c) => c instanceof BatchWriteCommand)
        .map((c) =>
          Object.values((c as BatchWriteCommand).input.RequestItems ?? {})
            .flat()
            .map((r) => r.PutRequest?.Item ?? {}),
        );
      expect(batches).toHaveLength(1);
      const last = batches[0]!;
      expect(last.filter((item) => String(item.PK).includes('#MSGREF#'))).toEqual([
        expect.objectContaining({ ticketId: expect.any(String), pipelineDone: true }),
      ]);
      expect(last.some((item) => String(item.PK).includes('#TIX#'))).toBe(true);
      expect(last.some((item) => String(item.PK).includes('#MSGDONE#'))).toBe(false);
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

  /**
   * A customer's ticket opened by a first message, and the next message of the same chat: its channel
   * event (`cut`, not delivered) and the message a first attempt at it would store (`message`, id from `newId`).
   */
  async function openTicketAndNextMessage(body: string, newId: () => string) {
    const { w } = workspace;
    const number = newNumber();
    const first = customerEvent(w, { number, body: 'Primeira' }) as Extract<ChannelEvent, { type: 'message.received' }>;
    await deliver(first);
    const ticket = (await readTicket(w.cid, (await ticketOf(w, number))!.id))!;
    const cut = customerEvent(w, { number, body }) as Extract<ChannelEvent, { type: 'message.received' }>;
    const stored = (await getMessage(w.cid, w.connection.id, first.message.externalId))!;
    const message = { ...stored, id: newId(), externalId: cut.message.externalId, body };
    return { w, ticket, cut, message };
  }

  it('completes on redelivery a landing cut short after the message was stored, counting it once', async () => {
    const { w, ticket, cut, message } = await openTicketAndNextMessage('Cortada', ulid);
    // The first attempt stored the message attached, then stopped (a crash, a timeout) before the ticket and the reference.
    expect(await putMessageOnce({ ...message, ticketId: ticket.id, queueId: ticket.queueId })).toBe(true);

    await deliver(cut);
    expect(await readTicket(w.cid, ticket.id)).toMatchObject({ unreadMessages: 2, lastMessage: 'Cortada' });
    expect(await getMessageRef(w.cid, message.id)).toMatchObject({ ticketId: ticket.id });
    await deliver({ ...cut, eventId: ulid() });
    expect(await readTicket(w.cid, ticket.id)).toMatchObject({ unreadMessages: 2 });
    expect(await bodiesOf(ticket.id)).toEqual(['Primeira', 'Cortada']);
  });

  it('does not count twice a landing cut short after the ticket activity, before its reference', async () => {
    const { w, ticket, cut, message } = await openTicketAndNextMessage('Quase', ulid);
    expect(await putMessageOnce({ ...message, ticketId: ticket.id, queueId: ticket.queueId })).toBe(true);
    const at = new Date().toISOString();
    expect(
      await applyTicketActivity(
        ticket,
        { lastMessage: 'Quase', at, unreadDelta: 1, messageId: message.id },
        { onlyIfOpen: true },
      ),
    ).toBeDefined();

    await deliver(cut);
    expect(await readTicket(w.cid, ticket.id)).toMatchObject({ unreadMessages: 2, lastMessage: 'Quase' });
    expect(await getMessageRef(w.cid, message.id)).toMatchObject({ ticketId: ticket.id });
  });

  it('does not count twice a pipeline cut short after its activity when a later message was counted meanwhile', async () => {
    const { w, ticket, cut, message } = await openTicketAndNextMessage('Sem fim', monotonicUlid);
    // The first attempt landed the message (stored attached, counted) and crashed in its pipeline,
    // before the reference: the window is the whole pipeline (realtime, bots, search words).
    const attached = { ...message, ticketId: ticket.id, queueId: ticket.queueId };
    expect(await recordMessageOnOpenTicket(ticket, message)).toMatchObject({ outcome: 'recorded' });
    expect(await getMessageRef(w.cid, message.id)).toBeUndefined();
    // Meanwhile another message is counted on the ticket: a bot's or an operator's reply (ids are ULIDs in processing order).
    const reply = {
      ...attached,
      id: monotonicUlid(),
      externalId: `3EB0${ulid()}`,
      body: 'Resposta',
      fromMe: true,
      pipelineDone: true,
    };
    expect(await recordOutboundMessage(ticket, reply)).toMatchObject({ fresh: true });
    expect(await readTicket(w.cid, ticket.id)).toMatchObject({ unreadMessages: 2, countedMessageId: reply.id });

    await deliver(cut); // the redelivery completes the landing and reruns the pipeline
    expect(await readTicket(w.cid, ticket.id)).toMatchObject({ unreadMessages: 2, lastMessage: 'Resposta' });
    expect(await getMessageRef(w.cid, message.id)).toMatchObject({ ticketId: ticket.id });
    expect(await isMessagePipelineDone((await getMessage(w.cid, w.connection.id, message.externalId))!)).toBe(true);
    expect(await bodiesOf(ticket.id)).toEqual(['Primeira', 'Sem fim', 'Resposta']);
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
    expect(await isMessagePipelineDone(stored)).toBe(true); // its finished reference
    const old = { ...stored, id: ulid(), externalId: `${stored.externalId}-old`, updatedAt: '2020-01-01T00:00:00.000Z' };
    expect(await isMessagePipelineDone(old)).toBe(true); // no reference: too old to be a redelivery
    expect(await isMessagePipelineDone({ ...old, updatedAt: new Date().toISOString() })).toBe(false);
  });

  it('still honours what the code before round 16 wrote: its done marker, and a reference written before the pipeline', async () => {
    const { w } = workspace;
    const number = newNumber();
    const event = customerEvent(w, { number, body: 'Do código antigo' });
    await deliver(event);
    const stored = (await getMessage(
      w.cid,
      w.connection.id,
      (event as { message: { externalId: string } }).message.externalId,
    ))!;
    const put = (Item: Record<string, unknown>) => ddb().send(new PutCommand({ TableName: tableName(), Item }));
    // Landed by the old code (its reference, unmarked, written at the end of the landing) …
    const landed = { ...stored, id: ulid(), externalId: `${stored.externalId}-legacy` };
    await put(messageRefItem(landed, stored.ticketId!));
    // … its pipeline cut short (no marker): not done; finished (the marker item): done.
    expect(await isMessagePipelineDone(landed)).toBe(false);
    await put({ PK: `C#${w.cid}#MSGDONE#${w.connection.id}`, SK: landed.externalId, expiresAt: 1 });
    expect(await isMessagePipelineDone(landed)).toBe(true);
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
      // The contact's search entries are single Puts (in a transaction each would bill twice) written
      // before the contact item (data/contact-creation.ts), so the contact is never stored unfindable.
      const keysOf = (c: unknown) => JSON.stringify((c as { input: unknown }).input).match(/C#[^"]*#CIX#/g) ?? [];
      expect(commands.filter((c) => c instanceof TransactWriteCommand).flatMap(keysOf)).toEqual([]);
      const indexed = commands.findIndex((c) => c instanceof BatchWriteCommand && keysOf(c).length > 0);
      const inserted = commands.findIndex((c) => c instanceof PutCommand && /#CONTACT$/.test(String(c.input.Item?.PK)));
      expect(indexed).toBeGreaterThanOrEqual(0);
      expect(indexed).toBeLessThan(inserted);
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

  it("takes back a new contact's search entries when its insert loses the race for the number", async () => {
    const { w } = workspace;
    const number = newNumber();
    await customerSays(w, { number, name: 'Primeira Dona', body: 'Oi' });
    const taken = (await getContact(w.cid, (await findContactIdByKey(w.cid, 'number', number))!))!;
    const loser = { ...taken, id: ulid(), name: 'Segunda Dona' };
    await expect(insertContact(loser)).rejects.toBeInstanceOf(TransactionConditionFailed);
    const entries = contactSearchTokens(loser).map((token) => ({ token, ownerId: loser.id }));
    expect(entries.length).toBeGreaterThan(0);
    expect(await existingIndexEntries('CIX', w.cid, entries)).toEqual(new Set());
  });

  it('after a lost first-message race, the general path converges on the ticket the other event opened', async () => {
    const { w } = workspace;
    const number = newNumber();
    await customerSays(w, { number, body: 'Oi' });
    const existing = (await ticketOf(w, number))!;
    const contact = (await getContact(w.cid, (await findContactIdByKey(w.cid, 'number', number))!))!;
    const connection = (await getConnection(w.cid, w.connection.id))!;
    // As if a concurrent event had opened it between this event's contact insert and its first-message transaction.
    const found = await findOrCreateTicket(connection, contact, { fromMe: false, body: 'Oi de novo' }, ticketBots);
    expect(found).toMatchObject({ created: false, ticket: { id: existing.id } });
    expect((await getConversation(w.cid, w.connection.id, contact.id))?.ticketId).toBe(existing.id);
  });

  it("stores a new contact's first message around its ticket's creation: message, lock and ticket, reference; a redelivery counts nothing", async () => {
    const { w } = workspace;
    const number = newNumber();
    const event = customerEvent(w, { number, name: 'Bruna', body: 'Quero um orçamento' });
    const send = vi.spyOn(ddb(), 'send');
    try {
      await deliver(event);
      const commands = send.mock.calls.map(([command]) => command);
      const writesOf = (c: unknown) => JSON.stringify((c as { input: unknown }).input);
      const transactions = commands.filter((c) => c instanceof TransactWriteCommand).map(writesOf);
      // Neither the message nor the ticket is in a transaction (each item would bill twice).
      expect(transactions.filter((t) => t.includes('#MSG') || t.includes('#TICKET#'))).toEqual([]);
      const put = (pk: RegExp) => commands.findIndex((c) => c instanceof PutCommand && pk.test(String(c.input.Item?.PK)));
      const opening = put(/#CONVO#/); // the lock: the ticket's guard
      expect(put(/#TICKET#/)).toBeGreaterThan(opening);
      const batched = (pk: RegExp) =>
        commands.findIndex(
          (c) =>
            c instanceof BatchWriteCommand &&
            Object.values(c.input.RequestItems ?? {}).some((rs) => rs.some((r) => pk.test(String(r.PutRequest?.Item?.PK)))),
        );
      // The message first (its guard), the ticket's lock then the ticket, the reference last (the pipeline's
      // end, batched with the words); no attach afterwards.
      expect(put(/#MSG#/)).toBeGreaterThanOrEqual(0);
      expect(put(/#MSG#/)).toBeLessThan(opening);
      expect(put(/#MSGREF#/)).toBe(-1);
      expect(batched(/#MSGREF#/)).toBeGreaterThan(opening);
      expect(commands.filter((c) => c instanceof UpdateCommand && writesOf(c).includes('#MSG#'))).toEqual([]);
    } finally {
      send.mockRestore();
    }
    const ticket = (await ticketOf(w, number))!;
    expect(ticket).toMatchObject({ status: 'pending', unreadMessages: 1, lastMessage: 'Quero um orçamento' });
    // Counted by the ticket's creation: a redelivery completing a cut-short landing does not count it again.
    const { externalId } = (event as Extract<ChannelEvent, { type: 'message.received' }>).message;
    const landed = (await getMessage(w.cid, w.connection.id, externalId))!;
    expect((await readTicket(w.cid, ticket.id))!.countedMessageId).toBe(landed.id);
    expect(await getMessageRef(w.cid, landed.id)).toMatchObject({ ticketId: ticket.id });
    expect(await bodiesOf(ticket.id)).toEqual(['Quero um orçamento']);

    await deliver(event);
    await deliver({ ...event, eventId: ulid() });
    expect(await ticketOf(w, number)).toMatchObject({ id: ticket.id, unreadMessages: 1 });
    expect(await bodiesOf(ticket.id)).toEqual(['Quero um orçamento']);
  });

  it("moves a new contact's first message stranded by a landing cut short before its ticket's transaction", async () => {
    const { w } = workspace;
    const number = newNumber();
    const event = customerEvent(w, { number, name: 'Clara', body: 'Primeira' }) as Extract<
      ChannelEvent,
      { type: 'message.received' }
    >;
    // The first attempt created the contact and stored the message attached to the ticket it was
    // about to open, then stopped (a crash, a timeout) before the ticket's transaction.
    const { contact } = await findOrCreateContact(w.cid, identityOf(event.message.contact, false));
    const connection = (await getConnection(w.cid, w.connection.id))!;
    const never = await newTicket(connection, contact);
    const draft = await buildMessage(connection, event.message, contact.id);
    expect(await putMessageOnce({ ...draft, ticketId: never.id, queueId: never.queueId })).toBe(true);

    await deliver(event);
    const ticket = (await ticketOf(w, number))!;
    expect(ticket.id).not.toBe(never.id);
    expect(await bodiesOf(ticket.id)).toContain('Primeira');
    expect(await getMessage(w.cid, w.connection.id, event.message.externalId)).toMatchObject({ ticketId: ticket.id });
    expect(await getMessageRef(w.cid, draft.id)).toMatchObject({ ticketId: ticket.id });
    const counted = (await readTicket(w.cid, ticket.id))!.unreadMessages;
    await deliver({ ...event, eventId: ulid() });
    expect((await readTicket(w.cid, ticket.id))!.unreadMessages).toBe(counted);
  });

  it("counts once a new contact's first message cut short after its ticket's transaction, before its reference", async () => {
    const { w } = workspace;
    const number = newNumber();
    const event = customerEvent(w, { number, name: 'Dora', body: 'Olá' }) as Extract<
      ChannelEvent,
      { type: 'message.received' }
    >;
    const { contact } = await findOrCreateContact(w.cid, identityOf(event.message.contact, false));
    const connection = (await getConnection(w.cid, w.connection.id))!;
    const draft = await buildMessage(connection, event.message, contact.id);
    const fresh = await newTicket(connection, contact);
    const opened = {
      ...fresh,
      unreadMessages: 1,
      lastMessage: 'Olá',
      lastMessageAt: fresh.updatedAt,
      countedMessageId: draft.id,
    };
    expect(await putMessageOnce({ ...draft, ticketId: opened.id, queueId: opened.queueId })).toBe(true);
    await insertTicket(opened, null);

    await deliver(event);
    expect(await readTicket(w.cid, opened.id)).toMatchObject({ unreadMessages: 1, lastMessage: 'Olá' });
    expect(await getMessageRef(w.cid, draft.id)).toMatchObject({ ticketId: opened.id });
    expect(await bodiesOf(opened.id)).toEqual(['Olá']);
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
