/**
 * Ticket search over contact name, number and message text (spec part 1 §2 search tab), through
 * the indexes kept on write — never a filter over the company's tickets. The matches form one ordered
 * stream (search-stream.ts); a page is the next PAGE_SIZE matches the caller may see:
 * - by `cursor` (the console): from exactly where the previous page stopped;
 * - by `pageNumber` (external clients): after skipping (pageNumber − 1) pages of matches, re-read.
 * A request reads at most MAX_ITEMS_READ index and contact-ticket items: a selective filter ends the
 * page early, with a cursor. Further terms must appear in the contact's name or number or the last
 * message (a documented approximation: decisions.md, "Tickets").
 */
import { PAGE_SIZE, TICKET_STATUSES, type ListTicketsQuery, type TicketListAnswer } from '@atende/shared';
import type { ContactRecord } from '../../data/contacts';
import { decodeCursor, encodeCursor } from '../../data/paging';
import { isIndexKeyOf } from '../../data/search-index';
import { normaliseForSearch } from '../../data/search-tokens';
import type { TicketRecord } from '../../data/tickets';
import { AppError } from '../../platform/app-error';
import { MAX_WORDS_TRACKED, searchStream, type StreamPosition, type StreamReads } from './search-stream';
import type { TicketActor } from './ticket-actor';
import { toTicketDtos } from './ticket-dto';
import { ticketFilter } from './ticket-filters';

/** Index and contact-ticket items one request reads at most (skipped pages included). */
const MAX_ITEMS_READ = 1_000;

/** The cursor: a stream position and how many matches came before it (the answer's `count`). */
interface SearchCursor extends StreamPosition {
  n: number;
}

export async function searchTickets(actor: TicketActor, q: ListTicketsQuery, terms: string[]): Promise<TicketListAnswer> {
  const cid = actor.viewer.companyId;
  const [primary, ...others] = terms as [string, ...string[]];
  const cursor = readCursor(cid, q.cursor);
  const skip = cursor ? 0 : (q.pageNumber - 1) * PAGE_SIZE;
  const keep = ticketFilter(actor, q, q.status ? [q.status] : [...TICKET_STATUSES]);
  const hasOtherTerms = (ticket: TicketRecord, contact: ContactRecord | undefined) => {
    const text = normaliseForSearch(`${contact?.name ?? ''} ${contact?.number ?? ''} ${ticket.lastMessage}`);
    return others.every((term) => text.includes(term));
  };

  const reads: StreamReads = { items: 0 };
  const page: TicketRecord[] = [];
  // A ticket found by two words of its messages (entrega, entregar) is listed once per request.
  const seen = new Set<string>();
  let matched = 0;
  let at: StreamPosition = cursor ?? { p: 'c' };
  let ended = true;
  for await (const unit of searchStream(cid, primary, at, reads, () => skip + PAGE_SIZE - matched)) {
    at = unit.at;
    const { ticket } = unit;
    if (ticket && !seen.has(ticket.id) && keep(ticket) && hasOtherTerms(ticket, unit.contact)) {
      seen.add(ticket.id);
      matched++;
      if (matched > skip) page.push(ticket);
    }
    if (page.length === PAGE_SIZE || reads.items >= MAX_ITEMS_READ) {
      ended = false;
      break;
    }
  }
  // Matches up to the end of this page, from the start of the stream (a lower bound while hasMore).
  const count = (cursor?.n ?? 0) + matched;
  const next: SearchCursor = { ...at, n: count };
  return {
    tickets: await toTicketDtos(cid, page),
    count,
    hasMore: !ended,
    ...(ended ? {} : { cursor: encodeCursor(next as unknown as Record<string, unknown>) }),
  };
}

const TICKET_ID = /^[0-9A-Za-z_-]{1,64}$/;
const WORD = /^[a-z0-9]{1,20}$/;

function readCursor(companyId: string, raw: string | undefined): SearchCursor | undefined {
  if (!raw) return undefined;
  const value = decodeCursor(raw) as Partial<SearchCursor> | undefined;
  const kind = value?.p === 'c' ? 'CIX' : 'TIX';
  const valid =
    !!value &&
    (value.p === 'c' || value.p === 't') &&
    Number.isSafeInteger(value.n) &&
    value.n! >= 0 &&
    (value.k === undefined || (typeof value.k === 'object' && value.k !== null && isIndexKeyOf(kind, companyId, value.k))) &&
    (value.x === undefined ||
      (value.p === 'c' && value.k !== undefined && typeof value.x === 'string' && TICKET_ID.test(value.x))) &&
    (value.w === undefined ||
      (value.p === 't' &&
        Array.isArray(value.w) &&
        value.w.length <= MAX_WORDS_TRACKED &&
        value.w.every((word) => typeof word === 'string' && WORD.test(word)))) &&
    Object.keys(value).every((key) => ['p', 'k', 'x', 'w', 'n'].includes(key));
  if (!valid) throw new AppError('ERR_VALIDATION', 400, { fields: { cursor: 'invalid' } });
  return value as SearchCursor;
}
