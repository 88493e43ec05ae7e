/** GET /tickets/{id} and GET /tickets/u/{uuid}: the ticket if the caller may see it. */
import type { TicketDto } from '@atende/shared';
import { getTicketIdByUuid } from '../../data/tickets';
import { AppError } from '../../platform/app-error';
import { visibleTicket, type TicketActor } from './ticket-actor';
import { toTicketDto } from './ticket-dto';

export async function showTicket(actor: TicketActor, id: string): Promise<TicketDto> {
  return toTicketDto(await visibleTicket(actor, id));
}

export async function showTicketByUuid(actor: TicketActor, uuid: string): Promise<TicketDto> {
  const id = await getTicketIdByUuid(actor.viewer.companyId, uuid.toLowerCase()); // AP-T2
  if (!id) throw new AppError('ERR_NO_TICKET_FOUND', 404);
  return showTicket(actor, id);
}
