/**
 * `company-<cid>-ticket` events (spec part 1 §4), each addressed to whoever may see the ticket
 * (`tickets{queueId,userId}`). A ticket that moved is announced to both its old and its new audience:
 * an operator whose queue lost it gets a `delete` so their list drops it.
 */
import { realtimeChannel, type TicketDto, type TicketRealtimeData } from '@atende/shared';
import type { TicketRecord } from '../../data/tickets';
import { publishToAudience } from '../../platform/audience-publisher';
import { toTicketDto } from './ticket-dto';

type Facts = Pick<TicketRecord, 'companyId' | 'queueId' | 'userId' | 'id'>;
const audienceOf = (t: Pick<TicketRecord, 'queueId' | 'userId'>) => ({ kind: 'tickets' as const, queueId: t.queueId, userId: t.userId });
const publish = (companyId: string, data: TicketRealtimeData, facts: Pick<TicketRecord, 'queueId' | 'userId'>) =>
  publishToAudience(companyId, realtimeChannel.ticket(companyId), data, audienceOf(facts));

export async function publishTicketUpdate(ticket: TicketRecord, dto?: TicketDto, before?: Facts): Promise<void> {
  const body = dto ?? await toTicketDto(ticket);
  if (before && (before.queueId !== ticket.queueId || before.userId !== ticket.userId)) {
    // Those who could see it before but maybe not now drop it; those who still may get the update
    // right after (same order on every socket), so their lists put it back.
    await publish(ticket.companyId, { action: 'delete', ticketId: ticket.id }, before);
  }
  await publish(ticket.companyId, { action: 'update', ticket: body }, ticket);
}

export const publishTicketTags = async (ticket: TicketRecord) =>
  publish(ticket.companyId, { action: 'tagUpdate', ticket: await toTicketDto(ticket) }, ticket);

export const publishTicketDeleted = (ticket: Facts) => publish(ticket.companyId, { action: 'delete', ticketId: ticket.id }, ticket);

export const publishTicketRead = (ticket: Facts) => publish(ticket.companyId, { action: 'updateUnread', ticketId: ticket.id }, ticket);
