/**
 * A message lands on its ticket: one transaction moves the message into the ticket's conversation,
 * writes its by-id reference, and updates the ticket (last message, activity time, unread +1 for a
 * customer message). The message's condition makes a redelivery count nothing twice. The caller then
 * indexes the text for search (`indexMessageText`: at most MAX_TOKENS_PER_TEXT idempotent Puts,
 * docs/data-model.md "Search"), alongside the realtime event rather than before it.
 */
import { attachToTicketItems, newAttachedMessageItem, type MessageRecord } from '../../data/messages';
import { recentKeys } from '../../data/recent-keys';
import { putTogether } from '../../data/coalesced-puts';
import { indexItems } from '../../data/search-index';
import { tokensOf } from '../../data/search-tokens';
import { getTicket, newTicketItems, ticketActivityItem, TICKET_WRITE, type TicketRecord } from '../../data/tickets';
import { TransactionConditionFailed, transactWrite } from '../../data/transactions';
import { lastMessageText } from './ticket-dto';

export async function attachMessageToTicket(
  ticket: TicketRecord,
  message: MessageRecord,
): Promise<{ attached: boolean; ticket: TicketRecord }> {
  const activity = activityOf(message);
  try {
    await transactWrite([...attachToTicketItems(message, ticket.id, ticket.queueId), ticketActivityItem(ticket, activity)]);
  } catch (err) {
    if (!(err instanceof TransactionConditionFailed) || !err.has(TICKET_WRITE.message)) throw err;
    // A redelivery: the first run already counted it; read what the ticket looks like now.
    return { attached: false, ticket: (await getTicket(ticket.companyId, ticket.id)) ?? ticket };
  }
  return { attached: true, ticket: withActivity(ticket, activity) };
}

export type OpenTicketRecording =
  | { outcome: 'recorded'; ticket: TicketRecord; message: MessageRecord }
  /** The message was already stored (a redelivery): the caller takes the redelivery path. */
  | { outcome: 'duplicate' }
  /** The ticket was closed (or removed) after it was read: nothing was written; find the ticket again. */
  | { outcome: 'ticketClosed' };

/**
 * The common case of a channel message, in one transaction instead of two: its conversation's ticket
 * is open, so the message is stored already attached — message (conditional on not being stored yet),
 * by-id reference and the ticket's activity together. A redelivery cancels the whole transaction, so
 * nothing is counted twice.
 */
export async function recordMessageOnOpenTicket(ticket: TicketRecord, message: MessageRecord): Promise<OpenTicketRecording> {
  const activity = activityOf(message);
  const attached = { ...message, ticketId: ticket.id, queueId: ticket.queueId };
  try {
    await transactWrite([...newAttachedMessageItem(attached), ticketActivityItem(ticket, activity, { onlyIfOpen: true })]);
  } catch (err) {
    if (!(err instanceof TransactionConditionFailed)) throw err;
    return { outcome: err.has(TICKET_WRITE.message) ? 'duplicate' : 'ticketClosed' };
  }
  return { outcome: 'recorded', message: attached, ticket: withActivity(ticket, activity) };
}

export type NewTicketRecording =
  | { outcome: 'recorded'; ticket: TicketRecord; message: MessageRecord }
  /** The message was already stored (a redelivery): the caller takes the redelivery path. */
  | { outcome: 'duplicate' }
  /** The conversation already has a ticket (a concurrent event opened it): nothing was written. */
  | { outcome: 'conversationTaken' };

/**
 * A new contact's first message opens its first ticket in one transaction instead of three (message,
 * ticket, attach): the message (conditional on not being stored yet) with its by-id reference, and the
 * ticket as the attach would have left it (unread, last message, list position), taking the
 * conversation lock. Whatever fails cancels everything, so the general path can decide afresh.
 */
export async function recordMessageOnNewTicket(ticket: TicketRecord, message: MessageRecord): Promise<NewTicketRecording> {
  const activity = activityOf(message);
  const opened = withActivity(ticket, activity);
  const attached = { ...message, ticketId: opened.id, queueId: opened.queueId };
  try {
    await transactWrite([...newAttachedMessageItem(attached), ...newTicketItems(opened, null)]);
  } catch (err) {
    if (!(err instanceof TransactionConditionFailed)) throw err;
    return { outcome: err.has(TICKET_WRITE.message) ? 'duplicate' : 'conversationTaken' };
  }
  return { outcome: 'recorded', message: attached, ticket: opened };
}

type Activity = { lastMessage: string; at: string; unreadDelta: number };

const activityOf = (message: MessageRecord): Activity => ({
  lastMessage: lastMessageText(message.body, message.mediaType),
  at: new Date().toISOString(),
  unreadDelta: message.fromMe ? 0 : 1,
});

/** The ticket as the transaction left it (a concurrent message may have moved unread further: the next event says so). */
const withActivity = (ticket: TicketRecord, activity: Activity): TicketRecord => ({
  ...ticket,
  lastMessage: activity.lastMessage,
  lastMessageAt: activity.at,
  updatedAt: activity.at,
  unreadMessages: (ticket.unreadMessages ?? 0) + activity.unreadDelta,
});

/**
 * (ticket, word) pairs this process has indexed. An index item is an idempotent Put that nothing
 * removes while the ticket lives (docs/data-model.md "Search"), so a word the conversation already
 * used is not written again: a chat repeats its words, and each item is a write unit.
 */
const indexedWords = recentKeys(50_000);

/** Makes a ticket findable by the words of one of its messages (only the words it was not yet found by). */
export async function indexMessageText(ticket: Pick<TicketRecord, 'companyId' | 'id'>, body: string): Promise<void> {
  const key = (token: string) => `${ticket.companyId}#${ticket.id}#${token}`;
  const fresh = tokensOf(body).filter((token) => !indexedWords.has(key(token)));
  if (!fresh.length) return;
  await putTogether(indexItems('TIX', ticket.companyId, ticket.id, fresh));
  for (const token of fresh) indexedWords.add(key(token));
}
