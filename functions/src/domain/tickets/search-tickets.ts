/**
 * Ticket search over contact name, number and message text (spec part 1 §2 search tab), through
 * the indexes kept on write — never a filter over the company's tickets:
 * - contacts whose name or number has a word starting with the longest search term (contact index),
 *   then each such contact's newest tickets;
 * - tickets with a message word starting with that term (ticket index).
 * Each request reads one bounded slice of both indexes (CONTACT_SLICE / TEXT_SLICE items) and the
 * tickets they name; the cursor continues both. Further terms must appear in the contact's name or
 * number or the last message (a documented approximation: decisions.md, "Tickets").
 */
import { TICKET_STATUSES, type ListTicketsQuery, type TicketListAnswer } from '@atende/shared';
import { isIndexKeyOf, queryIndex, type IndexPage } from '../../data/search-index';
import { normaliseForSearch } from '../../data/search-tokens';
import { getTickets, listContactTicketIds } from '../../data/tickets';
import { decodeCursor, encodeCursor } from '../../data/paging';
import { AppError } from '../../platform/app-error';
import type { TicketActor } from './ticket-actor';
import { toTicketDtos } from './ticket-dto';
import { ticketFilter } from './ticket-filters';

const CONTACT_SLICE = 20;
const TICKETS_PER_CONTACT = 5;
const TEXT_SLICE = 60;

interface SearchCursor {
  c: Record<string, unknown> | null;
  t: Record<string, unknown> | null;
}

export async function searchTickets(actor: TicketActor, q: ListTicketsQuery, terms: string[]): Promise<TicketListAnswer> {
  const cid = actor.viewer.companyId;
  const cursor = readCursor(cid, q.cursor);
  const [primary, ...others] = terms as [string, ...string[]];
  const done: IndexPage = { ownerIds: [] };
  // AP-CX1 and AP-TX1
  const [contacts, texts] = await Promise.all([
    cursor.c === null ? done : queryIndex('CIX', cid, primary, { after: cursor.c, limit: CONTACT_SLICE }),
    cursor.t === null ? done : queryIndex('TIX', cid, primary, { after: cursor.t, limit: TEXT_SLICE }),
  ]);
  const contactIds = [...new Set(contacts.ownerIds.map((o) => o.ownerId))];
  const ofContacts = (await Promise.all(contactIds.map((id) => listContactTicketIds(cid, id, TICKETS_PER_CONTACT)))).flat(); // AP-T4
  const ids = [...new Set([...ofContacts, ...texts.ownerIds.map((o) => o.ownerId)])];
  const keep = ticketFilter(actor, q, q.status ? [q.status] : [...TICKET_STATUSES]);
  const tickets = (await getTickets(cid, ids)).filter(keep).sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1)); // AP-T5
  const dtos = (await toTicketDtos(cid, tickets)).filter((t) =>
    others.every((term) => normaliseForSearch(`${t.contact.name} ${t.contact.number} ${t.lastMessage}`).includes(term)),
  );
  const next: SearchCursor = { c: contacts.next ?? null, t: texts.next ?? null };
  const hasMore = next.c !== null || next.t !== null;
  return { tickets: dtos, count: dtos.length, hasMore, ...(hasMore ? { cursor: encodeCursor(next as never) } : {}) };
}

function readCursor(
  companyId: string,
  raw: string | undefined,
): { c?: Record<string, unknown> | null; t?: Record<string, unknown> | null } {
  if (!raw) return {};
  const value = decodeCursor(raw) as Partial<SearchCursor> | undefined;
  const valid = (kind: 'CIX' | 'TIX', key: unknown) =>
    key === null || (typeof key === 'object' && isIndexKeyOf(kind, companyId, key as Record<string, unknown>));
  if (!value || !valid('CIX', value.c) || !valid('TIX', value.t))
    throw new AppError('ERR_VALIDATION', 400, { fields: { cursor: 'invalid' } });
  return { c: value.c, t: value.t };
}
