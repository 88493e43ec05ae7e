/**
 * POST /tags/sync: the ticket's tag set becomes exactly the given tags (unknown ids refused). The
 * tags' `ticketsCount` move in the same transaction as the set (data/tags.ts `tagCountMoves`), on
 * condition the set is still the one read: a concurrent sync re-reads and recounts, a repeat of the
 * same request moves nothing. The tag-campaign index (data/tagged-tickets.ts) follows the set.
 */
import type { SyncTagsInput, TicketDto } from '@atende/shared';
import { indexTicketTags, unindexTicketTags } from '../../data/tagged-tickets';
import { getTags, TAG_COUNT_LABEL, tagCountMoves } from '../../data/tags';
import { getTicket, replaceTicketTags, TICKET_WRITE, type TicketRecord } from '../../data/tickets';
import { TransactionConditionFailed } from '../../data/transactions';
import { AppError } from '../../platform/app-error';
import { visibleTicket, type TicketActor } from './ticket-actor';
import { toTicketDto } from './ticket-dto';
import { publishTicketTags } from './ticket-events';

const ATTEMPTS = 5;
const unknownTag = () => new AppError('ERR_VALIDATION', 400, { fields: { tags: 'unknown tag' } });

export async function syncTicketTags(actor: TicketActor, input: SyncTagsInput): Promise<TicketDto> {
  let ticket = await visibleTicket(actor, input.ticketId);
  const ids = [...new Set(input.tags)];
  for (let attempt = 1; ; attempt++) {
    const before = ticket.tagIds ?? [];
    const known = await getTags(ticket.companyId, [...new Set([...ids, ...before])]); // AP-TG2
    const live = new Set(known.map((t) => t.id));
    if (ids.some((id) => !live.has(id))) throw unknownTag();
    try {
      // the tag-campaign index (AP-TG4): entries of added tags before the set, of removed ones after it
      await indexTicketTags(
        ticket,
        ids.filter((id) => !before.includes(id)),
      );
      await replaceTicketTags(ticket, ids, tagCountMoves(ticket.companyId, before, ids, live));
      await unindexTicketTags(
        ticket,
        before.filter((id) => !ids.includes(id)),
      );
      const updated: TicketRecord = { ...ticket, tagIds: ids };
      await publishTicketTags(updated);
      return toTicketDto(updated);
    } catch (err) {
      if (!(err instanceof TransactionConditionFailed) || attempt >= ATTEMPTS) throw err;
      // a tag deleted meanwhile, or the set changed meanwhile: read again and recount
      if (!err.has(TICKET_WRITE.ticket) && !err.has(TAG_COUNT_LABEL)) throw err;
      ticket = (await getTicket(ticket.companyId, ticket.id)) ?? ticket;
    }
  }
}

/** The tag-count moves of a ticket's removal: −1 on each of its tags that still exists. */
export async function tagCountsOfRemoval(ticket: TicketRecord) {
  const tagIds = ticket.tagIds ?? [];
  if (!tagIds.length) return [];
  const live = new Set((await getTags(ticket.companyId, tagIds)).map((t) => t.id)); // AP-TG2
  return tagCountMoves(ticket.companyId, tagIds, [], live);
}
