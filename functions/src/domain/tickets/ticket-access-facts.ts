/**
 * What the realtime rooms need to judge a `joinTicket` (its queue and assignee), read from the ticket
 * itself. The realtime area registers it with `provideTicketFacts` (handlers/realtime), so
 * domain/realtime never imports the tickets area.
 */
import type { TicketAccessFacts } from '@atende/shared';
import { getTicket } from '../../data/tickets';

export async function ticketAccessFacts(companyId: string, ticketId: string): Promise<TicketAccessFacts | undefined> {
  const ticket = await getTicket(companyId, ticketId); // AP-T1
  return ticket ? { queueId: ticket.queueId, userId: ticket.userId, status: ticket.status } : undefined;
}
