/**
 * `company-<cid>-ticket` events (spec part 1 §4), each addressed to whoever may see the ticket
 * (`tickets{queueId,userId}`). A ticket that moved (transfer, accept, return) first sends `delete`
 * marked `reason: 'moved'` (not a deletion: no 'Ticket deleted' toast) to its old audience, then
 * `update` to the new one: an operator whose queue lost it drops it from
 * their lists without receiving its new state, and whoever still may see it gets the update right
 * after (the fan-out keeps a company's events in order).
 */
import type { TicketDto } from '@atende/shared';
import type { TicketRecord } from '../../data/tickets';
import { publish } from '../../platform/realtime-publisher';
import { toTicketDto } from './ticket-dto';

type Facts = Pick<TicketRecord, 'companyId' | 'queueId' | 'userId' | 'id'>;
const audienceOf = (t: Pick<TicketRecord, 'queueId' | 'userId'>) => ({
  kind: 'tickets' as const,
  queueId: t.queueId,
  userId: t.userId,
});

export async function publishTicketUpdate(ticket: TicketRecord, dto?: TicketDto, before?: Facts): Promise<void> {
  const body = dto ?? (await toTicketDto(ticket));
  if (before && (before.queueId !== ticket.queueId || before.userId !== ticket.userId)) {
    await publish(
      ticket.companyId,
      'ticket',
      { action: 'delete', ticketId: ticket.id, reason: 'moved' },
      audienceOf(before),
    );
  }
  await publish(ticket.companyId, 'ticket', { action: 'update', ticket: body }, audienceOf(ticket));
}

export const publishTicketTags = async (ticket: TicketRecord) =>
  publish(ticket.companyId, 'ticket', { action: 'tagUpdate', ticket: await toTicketDto(ticket) }, audienceOf(ticket));

export const publishTicketDeleted = (ticket: Facts) =>
  publish(ticket.companyId, 'ticket', { action: 'delete', ticketId: ticket.id }, audienceOf(ticket));

/** The operator read the ticket: unread back to 0, with the version of that write (`TicketRecord.activityVersion`). */
export const publishTicketRead = (ticket: Facts & Pick<TicketRecord, 'activityVersion'>) =>
  publish(
    ticket.companyId,
    'ticket',
    { action: 'updateUnread', ticketId: ticket.id, unreadMessages: 0, activityVersion: ticket.activityVersion ?? 0 },
    audienceOf(ticket),
  );
