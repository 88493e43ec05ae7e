/**
 * The ticket a channel message belongs to (ARCHITECTURE.md "No duplicate tickets"). The conversation
 * pointer (one per contact and connection) is the lock: creating a ticket takes it conditionally first
 * (data/ticket-transitions.ts `insertTicket`), so 20 concurrent first messages of a new contact converge
 * on one ticket (the losers re-read and find the winner's). A closed ticket comes back as pending when the
 * customer writes within the company's reopen window; otherwise a new ticket starts.
 */
import { ulid } from '@atende/shared/ids';
import type { ConnectionRecord } from '../../data/connections';
import type { ContactRecord } from '../../data/contacts';
import { getTicket, TICKET_WRITE, ticketUuid, type TicketRecord } from '../../data/tickets';
import { insertTicket, moveTicket } from '../../data/ticket-transitions';
import { TransactionConditionFailed } from '../../data/transactions';
import { ticketCreatedSlot } from '../dashboard/company-clock';
import { conversationTicket } from './conversation-ticket';
import type { TicketHooks } from './ticket-hooks';
import { ticketSettings } from './ticket-settings';

export interface TicketForMessage {
  ticket: TicketRecord;
  created: boolean;
  reopened: boolean;
}

const MAX_ATTEMPTS = 8;

/**
 * `message.id`: the stored message the ticket is for. A ticket it opens takes its id, as a new
 * contact's first message's does (`newTicket` `openedBy`), and one it reopens keeps it (`reopenedBy`),
 * so every run of that message — a redelivery after a run cut short between the ticket and the bots'
 * state, or a concurrent run that found the ticket — knows the ticket is new to the bots
 * (`newToTheBots`) and greets it (keyed by the message: once).
 */
export async function findOrCreateTicket(
  connection: ConnectionRecord,
  contact: ContactRecord,
  message: { id?: string; fromMe: boolean; body?: string },
  hooks: Pick<TicketHooks, 'keepsClosedTicket'>,
): Promise<TicketForMessage> {
  const { companyId } = connection;
  const openedBy = message.id ? { id: message.id } : undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      const { pointer, ticket: current } = await conversationTicket(companyId, connection.id, contact.id);
      if (current && current.status !== 'closed') return { ticket: current, ...newToTheBots(current, openedBy) };
      // The answer to the rating question lands on the closed ticket (the bots record it); anything else starts over.
      if (current && !message.fromMe && hooks.keepsClosedTicket(current, message.body))
        return { ticket: current, created: false, reopened: false };
      if (current && (await mayReopen(current, message.fromMe))) {
        const next = { status: 'pending', userId: null, queueId: current.queueId } as const;
        await moveTicket(current, next, new Date().toISOString(), openedBy && { reopenedBy: openedBy.id });
        return { ticket: (await getTicket(companyId, current.id))!, created: false, reopened: true };
      }
      // A message typed on the phone itself does not start a conversation over a closed one.
      if (current && message.fromMe) return { ticket: current, created: false, reopened: false };
      const ticket = await newTicket(connection, contact, openedBy);
      await insertTicket(ticket, pointer?.ticketId ?? null);
      return { ticket, created: true, reopened: false };
    } catch (err) {
      const lostRace =
        err instanceof TransactionConditionFailed && (err.has(TICKET_WRITE.conversation) || err.has(TICKET_WRITE.ticket));
      if (!lostRace || attempt + 1 >= MAX_ATTEMPTS) throw err;
      await new Promise((res) => setTimeout(res, Math.random() * 20 * (attempt + 1)));
    }
  }
}

/**
 * Whether the message (`findOrCreateTicket`'s `message.id`) created or reopened the ticket: then it is
 * new to the bots, on every run of that message.
 */
export const newToTheBots = (ticket: TicketRecord, message: { id: string } | undefined) => ({
  created: !!message && ticket.id === message.id,
  reopened: !!message && ticket.reopenedBy === message.id,
});

/** The conversation's ticket when it is open or pending; read-only (nothing is created or reopened). */
export async function currentOpenTicket(
  connection: ConnectionRecord,
  contact: ContactRecord,
): Promise<TicketRecord | undefined> {
  const { ticket: current } = await conversationTicket(connection.companyId, connection.id, contact.id);
  return current && current.status !== 'closed' ? current : undefined;
}

async function mayReopen(closed: TicketRecord, fromMe: boolean): Promise<boolean> {
  if (fromMe || !closed.closedAt) return false;
  const { reopenWindowMinutes } = await ticketSettings(closed.companyId);
  return Date.now() - Date.parse(closed.closedAt) <= reopenWindowMinutes * 60_000;
}

/**
 * A conversation's new ticket. By default pending, in the connection's queue when it has exactly one
 * (the bots' queue menu chooses among several: domain/bots). `openedBy`: the message that opens it
 * directly (a new contact's first), whose id it takes, so a redelivery of that message knows it opened
 * the ticket (domain/inbound/on-message-recorded.ts `ticketOf`). `placement`: the console's new-ticket
 * modal chooses the queue and the operator (open when it names one).
 */
export async function newTicket(
  connection: ConnectionRecord,
  contact: ContactRecord,
  openedBy?: { id: string },
  placement?: { queueId: string | null; userId: string | null },
): Promise<TicketRecord> {
  const now = new Date().toISOString();
  const createdSlot = await ticketCreatedSlot(connection.companyId, now);
  const queueIds = connection.queueIds ?? [];
  const id = openedBy?.id ?? ulid();
  const userId = placement?.userId ?? null;
  return {
    id,
    uuid: ticketUuid(id),
    companyId: connection.companyId,
    status: userId ? 'open' : 'pending',
    contactId: contact.id,
    connectionId: connection.id,
    channel: connection.channel,
    userId,
    queueId: placement ? placement.queueId : queueIds.length === 1 ? queueIds[0]! : null,
    unreadMessages: 0,
    lastMessage: '',
    lastMessageAt: null,
    tagIds: [],
    chatbot: false,
    isGroup: contact.isGroup === true,
    createdAt: now,
    updatedAt: now,
    closedAt: null,
    createdSlot,
  };
}
