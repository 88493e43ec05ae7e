/**
 * Which ticket a conversation (connection + contact) had when this process last put a message on
 * it. The read-ahead of the next batch reads that ticket beside the contact and the conversation
 * pointer, in the same round, instead of waiting for the pointer to name it: one BatchGetItem round
 * fewer for a chat that keeps its ticket, which is nearly every message.
 * Only a guess: the pointer read in that round stays the authority. When it names another ticket
 * (a new one, or one reopened elsewhere), the guessed item is dropped unread and the pointer's ticket
 * is read in a second round, as before.
 */
import { recentMap } from '../../data/recent-keys';
import type { TicketRecord } from '../../data/tickets';

const known = recentMap<string>(20_000); // like known-contacts.ts: an inbound Lambda serves a few companies' active chats

const keyOf = (companyId: string, connectionId: string, contactId: string) =>
  `${companyId}\u0000${connectionId}\u0000${contactId}`;

export const knownTicketId = (companyId: string, connectionId: string, contactId: string): string | undefined =>
  known.get(keyOf(companyId, connectionId, contactId));

/** Remembers the ticket a message of the conversation just landed on. */
export function rememberTicket(ticket: Pick<TicketRecord, 'companyId' | 'connectionId' | 'contactId' | 'id'>): void {
  known.set(keyOf(ticket.companyId, ticket.connectionId, ticket.contactId), ticket.id);
}
