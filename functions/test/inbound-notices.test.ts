/**
 * Issue 29 §2.5 and §2.10: items that are not something the customer wrote. A message of a type the
 * platform does not show (`notice.kind 'unsupported'`) never opens or reopens a ticket: it lands only
 * on an open or pending one. A missed call (`notice.kind 'missedCall'`) is one item on the caller's
 * ticket, opening one like a customer message, recorded once however often it is delivered.
 */
import { describe, expect, it } from 'vitest';
import type { ChannelEvent, ChannelNotice, MessageDto } from '@atende/shared';
import { countContacts, findContactIdByKey } from '../src/data/contacts';
import { getConnection } from '../src/data/connections';
import { getMessage, getMessageRef } from '../src/data/messages';
import { putMessageOnce } from '../src/data/message-landing';
import { buildMessage } from '../src/domain/inbound/record-message';
import { getConversation, getTicket as readTicket } from '../src/data/tickets';
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

const ctx = useWorkspace();

const withNotice = (event: ChannelEvent, notice: ChannelNotice, body: string): ChannelEvent =>
  event.type === 'message.received' ? { ...event, message: { ...event.message, body, notice } } : event;

const unsupported = (number: string, externalId?: string) =>
  withNotice(
    customerEvent(ctx.w, { number, externalId }),
    { kind: 'unsupported', type: 'orderMessage' },
    '[Mensagem não suportada: orderMessage]',
  );

const missedCall = (number: string, callId: string) =>
  withNotice(
    customerEvent(ctx.w, { number, externalId: callId }),
    { kind: 'missedCall', isVideo: false },
    'Chamada de voz perdida',
  );

async function messagesOf(ticketId: string): Promise<MessageDto[]> {
  const res = await apiCall('messages', 'GET', '/messages/{id}', {
    token: ctx.w.admin.token,
    pathParameters: { id: ticketId },
  });
  return res.body.messages;
}

async function closedTicket(number: string) {
  const { w } = ctx;
  await customerSays(w, { number, body: 'primeira conversa' });
  const ticket = (await ticketOf(w, number))!;
  expect((await putTicket(w.operatorA.token, ticket.id, { status: 'open', userId: w.operatorA.user.id })).status).toBe(200);
  expect((await putTicket(w.operatorA.token, ticket.id, { status: 'closed' })).status).toBe(200);
  return ticket;
}

describe('a message of a type the platform does not show', () => {
  it('from someone unknown creates no contact, no ticket and no message', async () => {
    const { w } = ctx;
    const number = newNumber();
    const before = await countContacts(w.cid);
    const event = unsupported(number);
    await deliver(event);

    expect(await countContacts(w.cid)).toBe(before);
    expect(await findContactIdByKey(w.cid, 'number', number)).toBeUndefined();
    const externalId = event.type === 'message.received' ? event.message.externalId : '';
    expect(await getMessage(w.cid, w.connection.id, externalId)).toBeUndefined();
  });

  it('does not reopen a closed ticket, even within the reopen window', async () => {
    const { w } = ctx;
    const number = newNumber();
    const closed = await closedTicket(number);
    await deliver(unsupported(number));

    const stored = await readTicket(w.cid, closed.id);
    expect(stored).toMatchObject({ status: 'closed', lastMessage: 'primeira conversa' });
    const contactId = await findContactIdByKey(w.cid, 'number', number);
    expect((await getConversation(w.cid, w.connection.id, contactId!))!.ticketId).toBe(closed.id);
  });

  it('lands on the open ticket once, labelled, however often it is delivered', async () => {
    const { w } = ctx;
    const number = newNumber();
    await customerSays(w, { number, body: 'quero comprar' });
    const ticket = (await ticketOf(w, number))!;
    const event = unsupported(number, 'ORDER-1');
    await deliver(event);
    await deliver(event);

    const messages = await messagesOf(ticket.id);
    expect(messages.map((m) => m.body)).toEqual(['quero comprar', '[Mensagem não suportada: orderMessage]']);
    expect(messages[1]!.notice).toEqual({ kind: 'unsupported', type: 'orderMessage' });
    expect(messages[0]!.notice).toBeUndefined();
    expect(await ticketOf(w, number)).toMatchObject({ id: ticket.id, status: 'pending', unreadMessages: 2 });
  });

  it('a redelivery completes a landing cut short before the ticket counted it, then finishes its pipeline', async () => {
    const { w } = ctx;
    const number = newNumber();
    await customerSays(w, { number, body: 'quero trocar' });
    const ticket = (await readTicket(w.cid, (await ticketOf(w, number))!.id))!;
    const event = unsupported(number, `ORDER-${Date.now()}`) as Extract<ChannelEvent, { type: 'message.received' }>;
    const connection = (await getConnection(w.cid, w.connection.id))!;
    const draft = await buildMessage(connection, event.message, ticket.contactId);
    // The first attempt stored it attached, then stopped before the ticket's activity and the reference.
    expect(await putMessageOnce({ ...draft, ticketId: ticket.id, queueId: ticket.queueId })).toBe(true);

    await deliver(event);
    expect(await readTicket(w.cid, ticket.id)).toMatchObject({
      unreadMessages: 2,
      lastMessage: '[Mensagem não suportada: orderMessage]',
      countedMessageId: draft.id,
    });
    expect(await getMessageRef(w.cid, draft.id)).toMatchObject({ ticketId: ticket.id });
    await deliver(event);
    expect(await readTicket(w.cid, ticket.id)).toMatchObject({ unreadMessages: 2 });
  });
});

describe('a missed call', () => {
  it('opens the caller a ticket with one missed-call item, once under redelivery', async () => {
    const { w } = ctx;
    const number = newNumber();
    const event = missedCall(number, 'CALL-1');
    await deliver(event);
    await deliver(event);
    await Promise.all([deliver(event), deliver(event)]);

    const ticket = (await ticketOf(w, number))!;
    expect(ticket).toMatchObject({ status: 'pending', unreadMessages: 1, lastMessage: 'Chamada de voz perdida' });
    const messages = await messagesOf(ticket.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      externalId: 'CALL-1',
      fromMe: false,
      body: 'Chamada de voz perdida',
      notice: { kind: 'missedCall', isVideo: false },
    });
  });

  it('lands on the open ticket of a customer already talking', async () => {
    const { w } = ctx;
    const number = newNumber();
    await customerSays(w, { number, body: 'vou ligar' });
    const ticket = (await ticketOf(w, number))!;
    await deliver(missedCall(number, 'CALL-2'));

    expect((await messagesOf(ticket.id)).map((m) => m.body)).toEqual(['vou ligar', 'Chamada de voz perdida']);
    expect(await ticketOf(w, number)).toMatchObject({ id: ticket.id, unreadMessages: 2 });
  });
});

describe('no bot answers a notice', () => {
  it('a missed call opens its ticket without the greeting menu a written message gets', async () => {
    const { w } = ctx;
    const updated = await apiCall('whatsapp', 'PUT', '/whatsapp/{id}', {
      token: w.admin.token,
      pathParameters: { id: w.connection.id },
      body: { name: w.connection.name, queueIds: [w.queueA.id, w.queueB.id], greetingMessage: 'Olá! Escolha um setor:' },
    });
    expect(updated.status).toBe(200);

    const writer = newNumber();
    await customerSays(w, { number: writer, body: 'oi' });
    const written = (await messagesOf((await ticketOf(w, writer))!.id)).map((m) => m.body);
    expect(written[0]).toBe('oi');
    expect(written.some((body) => body.includes('Escolha um setor'))).toBe(true);

    const caller = newNumber();
    await deliver(missedCall(caller, 'CALL-3'));
    const ticket = (await ticketOf(w, caller))!;
    expect((await messagesOf(ticket.id)).map((m) => m.body)).toEqual(['Chamada de voz perdida']);
    expect(ticket).toMatchObject({ status: 'pending', unreadMessages: 1 });
  });
});
