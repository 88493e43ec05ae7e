/**
 * DELETE /tickets/{id} (admins: `mayDeleteTicket`). O(1): the ticket, its references, its counts and
 * the conversation lock go in one transaction. Its messages and search entries stay (they are keyed
 * by the ticket and unreachable once it is gone; search skips tickets that no longer exist).
 */
import { mayDeleteTicket } from '@atende/shared';
import { getConversation, getTicket, removeTicket } from '../../data/tickets';
import { AppError } from '../../platform/app-error';
import { accessDenied, type TicketActor } from './ticket-actor';
import { publishTicketDeleted } from './ticket-events';

export async function deleteTicket(actor: TicketActor, ticketId: string): Promise<void> {
  if (!mayDeleteTicket(actor.viewer)) throw accessDenied();
  const cid = actor.viewer.companyId;
  const ticket = await getTicket(cid, ticketId);
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404);
  const pointer = await getConversation(cid, ticket.connectionId, ticket.contactId);
  await removeTicket(ticket, pointer?.ticketId === ticket.id);
  await publishTicketDeleted(ticket);
}
