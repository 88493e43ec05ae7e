/** GET /tickets/{id} and GET /tickets/u/{uuid}: the ticket if the caller may see it. */
import type { TicketDto } from '@atende/shared';
import { getTicketByUuid } from '../../data/tickets';
import { seenBy, visibleTicket, type TicketActor } from './ticket-actor';
import { toTicketDto } from './ticket-dto';

export async function showTicket(actor: TicketActor, id: string): Promise<TicketDto> {
  return toTicketDto(await visibleTicket(actor, id));
}

export async function showTicketByUuid(actor: TicketActor, uuid: string): Promise<TicketDto> {
  return toTicketDto(seenBy(actor, await getTicketByUuid(actor.viewer.companyId, uuid.toLowerCase()))); // AP-T2
}
