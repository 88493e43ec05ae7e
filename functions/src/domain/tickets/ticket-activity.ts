/**
 * A message lands on its ticket: one transaction moves the message into the ticket's conversation,
 * writes its by-id reference, and updates the ticket (last message, activity time, unread +1 for a
 * customer message). The message's condition makes a redelivery count nothing twice. The caller then
 * indexes the text for search (`indexMessageText`: at most MAX_TOKENS_PER_TEXT idempotent Puts,
 * docs/data-model.md "Search"), alongside the realtime event rather than before it.
 */
import { attachToTicketItems, type MessageRecord } from '../../data/messages';
import { recentKeys } from '../../data/recent-keys';
import { indexTokens } from '../../data/search-index';
import { tokensOf } from '../../data/search-tokens';
import { getTicket, ticketActivityItem, TICKET_WRITE, type TicketRecord } from '../../data/tickets';
import { TransactionConditionFailed, transactWrite } from '../../data/transactions';
import { lastMessageText } from './ticket-dto';

export async function attachMessageToTicket(
  ticket: TicketRecord,
  message: MessageRecord,
): Promise<{ attached: boolean; ticket: TicketRecord }> {
  const activity = {
    lastMessage: lastMessageText(message.body, message.mediaType),
    at: new Date().toISOString(),
    unreadDelta: message.fromMe ? 0 : 1,
  };
  try {
    await transactWrite([...attachToTicketItems(message, ticket.id, ticket.queueId), ticketActivityItem(ticket, activity)]);
  } catch (err) {
    if (!(err instanceof TransactionConditionFailed) || !err.has(TICKET_WRITE.message)) throw err;
    // A redelivery: the first run already counted it; read what the ticket looks like now.
    return { attached: false, ticket: (await getTicket(ticket.companyId, ticket.id)) ?? ticket };
  }
  // The ticket as the transaction left it (a concurrent message may have moved unread further: the next event says so).
  return {
    attached: true,
    ticket: {
      ...ticket,
      lastMessage: activity.lastMessage,
      lastMessageAt: activity.at,
      updatedAt: activity.at,
      unreadMessages: (ticket.unreadMessages ?? 0) + activity.unreadDelta,
    },
  };
}

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
  await indexTokens('TIX', ticket.companyId, ticket.id, fresh);
  for (const token of fresh) indexedWords.add(key(token));
}
