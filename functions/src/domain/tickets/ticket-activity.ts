/**
 * A message lands on its ticket: one transaction moves the message into the ticket's conversation,
 * writes its by-id reference, and updates the ticket (last message, activity time, unread +1 for a
 * customer message). The message's condition makes a redelivery count nothing twice. Then the text
 * is indexed for search: at most MAX_TOKENS_PER_TEXT idempotent Puts (docs/data-model.md, "Search").
 */
import { attachToTicketItems, type MessageRecord } from '../../data/messages';
import { indexTokens } from '../../data/search-index';
import { tokensOf } from '../../data/search-tokens';
import { getTicket, ticketActivityItem, TICKET_WRITE, type TicketRecord } from '../../data/tickets';
import { TransactionConditionFailed, transactWrite } from '../../data/transactions';
import { lastMessageText } from './ticket-dto';

export async function attachMessageToTicket(ticket: TicketRecord, message: MessageRecord): Promise<{ attached: boolean; ticket: TicketRecord }> {
  let attached = true;
  try {
    await transactWrite([
      ...attachToTicketItems(message, ticket.id, ticket.queueId),
      ticketActivityItem(ticket, {
        lastMessage: lastMessageText(message.body, message.mediaType), at: new Date().toISOString(), unreadDelta: message.fromMe ? 0 : 1,
      }),
    ]);
  } catch (err) {
    if (!(err instanceof TransactionConditionFailed) || !err.has(TICKET_WRITE.message)) throw err;
    attached = false; // a redelivery: the first run already counted it
  }
  await indexMessageText(ticket, message.body);
  return { attached, ticket: (await getTicket(ticket.companyId, ticket.id)) ?? ticket };
}

/** Makes a ticket findable by the words of one of its messages. */
export const indexMessageText = (ticket: Pick<TicketRecord, 'companyId' | 'id'>, body: string) =>
  indexTokens('TIX', ticket.companyId, ticket.id, tokensOf(body));
