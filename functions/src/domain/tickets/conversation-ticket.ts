/**
 * The conversation lock (one per contact and connection) and the ticket it names. A lock naming a
 * ticket that is not stored carries that ticket (`draft`): its creation was cut short after the lock
 * was taken, or is under way (data/ticket-transitions.ts `insertTicket`). Reading it stores the draft,
 * so the conversation's ticket shows up instead of a lock that blocks every new one.
 */
import { getConversation, getTicket, type ConversationPointer, type TicketRecord } from '../../data/tickets';
import { completeTicketCreation } from '../../data/ticket-transitions';

export interface ConversationTicket {
  pointer?: ConversationPointer;
  ticket?: TicketRecord;
}

export async function conversationTicket(
  companyId: string,
  connectionId: string,
  contactId: string,
): Promise<ConversationTicket> {
  const pointer = await getConversation(companyId, connectionId, contactId);
  if (!pointer) return {};
  const ticket = await getTicket(companyId, pointer.ticketId);
  if (ticket || !pointer.draft) return { pointer, ticket };
  await completeTicketCreation(pointer.draft);
  // its creator may have stored it first, and messages moved it since
  return { pointer, ticket: (await getTicket(companyId, pointer.ticketId)) ?? pointer.draft };
}
