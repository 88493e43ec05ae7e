/**
 * A message lands on its ticket: one transaction moves the message into the ticket's conversation,
 * writes its by-id reference, and updates the ticket (last message, activity time, unread +1 for a
 * customer message). The message's condition makes a redelivery count nothing twice. The text is
 * indexed for search afterwards (`messageTextIndex`: at most MAX_TOKENS_PER_TEXT idempotent Puts,
 * docs/data-model.md "Search"): the inbound pipeline writes them with its done marker, after the
 * realtime event rather than before it; a message sent from the console writes them at once.
 */
import { attachToTicketItems, newAttachedMessageItem, type MessageRecord } from '../../data/messages';
import { recentKeys } from '../../data/recent-keys';
import { putTogether } from '../../data/coalesced-puts';
import { indexItems } from '../../data/search-index';
import { tokensOf } from '../../data/search-tokens';
import { getTicket, newTicketItems, ticketActivityItem, TICKET_WRITE, type TicketRecord } from '../../data/tickets';
import { TransactionConditionFailed, transactWrite, type LabelledItem } from '../../data/transactions';
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

/**
 * How storing a channel message already attached went. 'duplicate': the message was already stored (a
 * redelivery), the caller takes the redelivery path. `Missed`: the ticket was not as read (nothing was
 * written), find the ticket again.
 */
export type MessageRecording<Missed extends string> =
  { outcome: 'recorded'; ticket: TicketRecord; message: MessageRecord } | { outcome: 'duplicate' } | { outcome: Missed };

/**
 * The common case of a channel message, in one transaction instead of two: its conversation's ticket
 * is open, so the message is stored already attached — message (conditional on not being stored yet),
 * by-id reference and the ticket's activity together. A redelivery cancels the whole transaction, so
 * nothing is counted twice. 'ticketClosed': the ticket was closed (or removed) after it was read.
 */
export const recordMessageOnOpenTicket = (ticket: TicketRecord, message: MessageRecord) =>
  recordAttached(ticket, message, 'ticketClosed', (_, activity) => [
    ticketActivityItem(ticket, activity, { onlyIfOpen: true }),
  ]);

/**
 * A new contact's first message opens its first ticket in one transaction instead of three (message,
 * ticket, attach): the message with its by-id reference, and the ticket as the attach would have left
 * it (unread, last message, list position), taking the conversation lock. 'conversationTaken': a
 * concurrent event opened the conversation first.
 */
export const recordMessageOnNewTicket = (ticket: TicketRecord, message: MessageRecord) =>
  recordAttached(ticket, message, 'conversationTaken', (opened) => newTicketItems(opened, null));

/** One transaction: the message (conditional on not being stored yet), its reference and the ticket's writes. */
async function recordAttached<Missed extends string>(
  ticket: TicketRecord,
  message: MessageRecord,
  missed: Missed,
  ticketWrites: (opened: TicketRecord, activity: Activity) => LabelledItem[],
): Promise<MessageRecording<Missed>> {
  const activity = activityOf(message);
  const opened = withActivity(ticket, activity);
  const attached = { ...message, ticketId: ticket.id, queueId: ticket.queueId };
  try {
    await transactWrite([...newAttachedMessageItem(attached), ...ticketWrites(opened, activity)]);
  } catch (err) {
    if (!(err instanceof TransactionConditionFailed)) throw err;
    return err.has(TICKET_WRITE.message) ? { outcome: 'duplicate' } : { outcome: missed };
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

/** The index items that make a ticket findable by one message's words, to be written by the caller. */
export interface MessageTextIndex {
  /** Only the words the ticket was not yet found by (in this process). */
  items: Record<string, unknown>[];
  /** Call once `items` are written: they are not written again for this ticket. */
  written(): void;
}

export function messageTextIndex(ticket: Pick<TicketRecord, 'companyId' | 'id'>, body: string): MessageTextIndex {
  const key = (token: string) => `${ticket.companyId}#${ticket.id}#${token}`;
  const fresh = tokensOf(body).filter((token) => !indexedWords.has(key(token)));
  return {
    items: indexItems('TIX', ticket.companyId, ticket.id, fresh),
    written: () => fresh.forEach((token) => indexedWords.add(key(token))),
  };
}

/** Makes a ticket findable by the words of one of its messages (only the words it was not yet found by). */
export async function indexMessageText(ticket: Pick<TicketRecord, 'companyId' | 'id'>, body: string): Promise<void> {
  const index = messageTextIndex(ticket, body);
  if (!index.items.length) return;
  await putTogether(index.items);
  index.written();
}
