/**
 * The ticket's last message is its conversation's newest, whatever order the landings ran in. A
 * customer's message and an operator's reply that cross (the customer wrote first, WhatsApp's
 * timestamp says so, but the inbound worker lands it after the reply) used to leave the older one on
 * the ticket list while the conversation ended with the reply. Each landing still counts (unread,
 * activity time, list position): only the text stays the newest's.
 */
import { describe, expect, it } from 'vitest';
import type { MessageDto, TicketDto } from '@atende/shared';
import { applyTicketActivity, getTicket as readTicket } from '../src/data/tickets';
import { apiCall } from './support/api-event';
import {
  conversationOf,
  customerEvent,
  customerSays,
  deliver,
  getTicket,
  newNumber,
  putTicket,
  ticketOf,
  useWorkspace,
} from './support/ticket-fixtures';

const workspace = useWorkspace();

const conversation = (ticketId: string) => conversationOf(workspace.w.admin.token, ticketId);

/** The newest message as the conversation orders it (its time, then its id). */
const newestOf = (messages: MessageDto[]) =>
  [...messages].sort((a, b) => `${a.createdAt}#${a.id}`.localeCompare(`${b.createdAt}#${b.id}`)).at(-1)!;

async function openTicket(name: string): Promise<{ number: string; ticket: TicketDto }> {
  const { w } = workspace;
  const number = newNumber();
  await customerSays(w, { number, name, body: 'Bom dia' });
  const pending = (await ticketOf(w, number))!;
  const accepted = await putTicket(w.admin.token, pending.id, { status: 'open', userId: w.admin.user.id });
  expect(accepted.status).toBe(200);
  return { number, ticket: (await getTicket(w.admin.token, pending.id)).body as TicketDto };
}

const reply = (ticketId: string, body: string) =>
  apiCall('messages', 'POST', '/messages/{id}', {
    token: workspace.w.admin.token,
    pathParameters: { id: ticketId },
    body: { body, signature: false },
  });

describe("a ticket's last message", () => {
  it('stays the reply when a customer message written before it lands after it; the crossing message still counts', async () => {
    const { w } = workspace;
    const { number, ticket } = await openTicket('Clara');
    // Written on the customer's phone two seconds ago, still on its way while the operator replies.
    const crossing = customerEvent(w, {
      number,
      name: 'Clara',
      body: 'Pode ser amanhã?',
      timestamp: new Date(Date.now() - 2000).toISOString(),
    });
    expect((await reply(ticket.id, 'Já confiro para você')).status).toBe(201);
    const afterReply = (await getTicket(w.admin.token, ticket.id)).body as TicketDto;
    await deliver(crossing);

    const now = (await getTicket(w.admin.token, ticket.id)).body as TicketDto;
    expect(now.lastMessage).toBe('Já confiro para você');
    // … and the crossing message was counted: one more unread, the ticket moved to the top of its list.
    expect(now.unreadMessages).toBe(afterReply.unreadMessages + 1);
    expect(now.updatedAt > afterReply.updatedAt).toBe(true);
    // The conversation (read after: the assigned operator opening it marks it read) ends with the reply.
    const messages = await conversation(ticket.id);
    expect(messages.map((m) => m.body)).toContain('Pode ser amanhã?');
    expect(newestOf(messages).body).toBe('Já confiro para você');
  });

  it('becomes the customer message that is newer than the reply, as before', async () => {
    const { w } = workspace;
    const { number, ticket } = await openTicket('Davi');
    expect((await reply(ticket.id, 'Pois não?')).status).toBe(201);
    await customerSays(w, { number, name: 'Davi', body: 'Quero trocar o endereço' });
    const now = (await getTicket(w.admin.token, ticket.id)).body as TicketDto;
    expect(now.lastMessage).toBe('Quero trocar o endereço');
    expect(newestOf(await conversation(ticket.id)).body).toBe('Quero trocar o endereço');
  });

  it('stays the reply when an older message typed on the phone itself is attached after it (the general path)', async () => {
    const { w } = workspace;
    const { number, ticket } = await openTicket('Fábio');
    expect((await reply(ticket.id, 'Segue o boleto')).status).toBe(201);
    // Typed on the business's phone while it was offline, synced now: older than the reply.
    await deliver(
      customerEvent(w, {
        number,
        name: 'Fábio',
        fromMe: true,
        body: 'Digitado no celular',
        timestamp: new Date(Date.now() - 5000).toISOString(),
      }),
    );
    expect(((await getTicket(w.admin.token, ticket.id)).body as TicketDto).lastMessage).toBe('Segue o boleto');
    const messages = await conversation(ticket.id);
    expect(messages.map((m) => m.body)).toContain('Digitado no celular');
    expect(newestOf(messages).body).toBe('Segue o boleto');
  });

  it('a landing behind the newest keeps the conditions it was written under (closed, counted)', async () => {
    const { w } = workspace;
    const { ticket } = await openTicket('Eva');
    expect((await reply(ticket.id, 'Resolvido!')).status).toBe(201);
    const stored = (await readTicket(w.cid, ticket.id))!;
    const behind = {
      lastMessage: 'antiga',
      at: new Date().toISOString(),
      unreadDelta: 1,
      position: '2000-01-01T00:00:00.000Z#0',
    };
    // Counted already (a later message was): nothing written.
    const counted = await applyTicketActivity(stored, { ...behind, messageId: '0' }, { unlessCounted: true });
    expect(counted).toBeUndefined();
    expect((await readTicket(w.cid, ticket.id))!.unreadMessages).toBe(stored.unreadMessages);
    // Counted already, but newer than the text shown (a cut-short reply completed after a customer
    // message written before it was counted): the text alone.
    const newer = { ...behind, lastMessage: 'mais nova', position: '2999-01-01T00:00:00.000Z#0', messageId: '0' };
    expect(await applyTicketActivity(stored, newer, { unlessCounted: true })).toMatchObject({
      lastMessage: 'mais nova',
      unreadMessages: stored.unreadMessages,
      countedMessageId: stored.countedMessageId,
    });
    await applyTicketActivity(stored, { ...newer, lastMessage: 'Resolvido!' }, { part: 'text' }); // back, for what follows
    // Closed meanwhile: nothing written either.
    expect((await putTicket(w.admin.token, ticket.id, { status: 'closed' })).status).toBe(200);
    expect(await applyTicketActivity(stored, behind, { onlyIfOpen: true })).toBeUndefined();
    // Without conditions it lands, counting, keeping the newest text.
    expect(await applyTicketActivity(stored, behind)).toBeTruthy();
    const after = (await readTicket(w.cid, ticket.id))!;
    expect([after.lastMessage, after.unreadMessages]).toEqual(['Resolvido!', stored.unreadMessages + 1]);
  });
});
