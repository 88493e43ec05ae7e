/**
 * DELETE /tickets/{id} (admins: `mayDeleteTicket`). O(1): the ticket, its references, its counts
 * (tabs, its tags' `ticketsCount`, the dashboard's day) and the conversation lock go in one
 * transaction, with the due entry of its sweep: its messages, their search entries and its notes
 * are deleted off the request path (sweep-deleted-ticket.ts; search skips tickets gone meanwhile).
 */
import { mayDeleteTicket } from '@atende/shared';
import { getConversation, getTicket, TICKET_WRITE } from '../../data/tickets';
import { removeTicket } from '../../data/ticket-transitions';
import { TAG_COUNT_LABEL } from '../../data/tags';
import { unindexTicketTags } from '../../data/tagged-tickets';
import { TransactionConditionFailed } from '../../data/transactions';
import { AppError } from '../../platform/app-error';
import { accessDenied, type TicketActor } from './ticket-actor';
import { ticketSweepWrite } from './sweep-deleted-ticket';
import { publishTicketDeleted } from './ticket-events';
import { tagCountsOfRemoval } from './ticket-tags';

const ATTEMPTS = 5;

export async function deleteTicket(actor: TicketActor, ticketId: string): Promise<void> {
  if (!mayDeleteTicket(actor.viewer)) throw accessDenied();
  const cid = actor.viewer.companyId;
  for (let attempt = 1; ; attempt++) {
    const ticket = await getTicket(cid, ticketId);
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404);
    const pointer = await getConversation(cid, ticket.connectionId, ticket.contactId);
    try {
      await removeTicket(ticket, pointer?.ticketId === ticket.id, [
        ...(await tagCountsOfRemoval(ticket)),
        ticketSweepWrite(cid, ticket.id), // its messages, search entries and notes go in the background
      ]);
      await unindexTicketTags(ticket, ticket.tagIds ?? []); // after the delete: an extra entry at worst, never a missing one
      await publishTicketDeleted(ticket);
      return;
    } catch (err) {
      // moved, retagged or a tag deleted meanwhile: read it again (a concurrent delete ends in 404)
      const raced = err instanceof TransactionConditionFailed && (err.has(TICKET_WRITE.ticket) || err.has(TAG_COUNT_LABEL));
      if (!raced || attempt >= ATTEMPTS) throw err;
    }
  }
}
