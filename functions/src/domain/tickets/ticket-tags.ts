/** POST /tags/sync: the ticket's tag set becomes exactly the given tags (unknown ids refused). */
import type { SyncTagsInput, TicketDto } from '@atende/shared';
import { getTags } from '../../data/tags';
import { setTicketTags } from '../../data/tickets';
import { AppError } from '../../platform/app-error';
import { visibleTicket, type TicketActor } from './ticket-actor';
import { toTicketDto } from './ticket-dto';
import { publishTicketTags } from './ticket-events';

export async function syncTicketTags(actor: TicketActor, input: SyncTagsInput): Promise<TicketDto> {
  const ticket = await visibleTicket(actor, input.ticketId);
  const ids = [...new Set(input.tags)];
  const found = await getTags(actor.viewer.companyId, ids); // AP-TG2
  if (found.length !== ids.length) throw new AppError('ERR_VALIDATION', 400, { fields: { tags: 'unknown tag' } });
  const updated = (await setTicketTags(ticket.companyId, ticket.id, ids)) ?? ticket;
  await publishTicketTags(updated);
  return toTicketDto(updated);
}
