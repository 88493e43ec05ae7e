/**
 * Ticket lists, newest activity first (AP-T6 per status and queue on GSI1: pending and closed
 * tickets; AP-T7 per status and user on GSI2: open and closed tickets; data/ticket-list-keys.ts). A
 * tab that spans several lists (an operator's queues, the whole company) is a k-way merge of those
 * lists by activity: each list is first read for a share of the page and read again only when its
 * buffer runs dry, so a page costs O(page + lists) items, never O(tickets). The position in the merged
 * order is the activity sort key of the last ticket returned: the same in every list, so it continues
 * all of them at once.
 */
import type { TicketStatus } from '@atende/shared';
import { queryPage } from './table-operations';
import type { TicketCounts } from './ticket-counters';
import { queueListPk, userListPk } from './ticket-list-keys';
import { ticketFromItem, type TicketRecord } from './tickets';

export interface ListSource {
  index: 'GSI1' | 'GSI2';
  pk: string;
}
export const queueList = (companyId: string, status: TicketStatus, queueId: string | null): ListSource => ({
  index: 'GSI1',
  pk: queueListPk(companyId, status, queueId),
});
export const userList = (companyId: string, status: TicketStatus, userId: string | null): ListSource => ({
  index: 'GSI2',
  pk: userListPk(companyId, status, userId),
});
/** Every user list of a status (AP-T7) the counters (AP-TC1) say is not empty (for open tickets: all of them). */
export const nonEmptyUserLists = (companyId: string, status: TicketStatus, counts: TicketCounts): ListSource[] =>
  counts.usersWith(status).map((userId) => userList(companyId, status, userId));

export interface MergeOptions {
  /** Only tickets strictly older than this activity key (the cursor). */
  before?: string;
  /** Only tickets whose activity key is at least this (an `updatedAt` day filter). */
  notBefore?: string;
  pageSize: number;
  /** Matching tickets to pass over first (pageNumber without a cursor). */
  skip?: number;
  /** Post-filter (tags, unread, visibility); tickets it refuses still cost a read. */
  keep?: (t: TicketRecord) => boolean;
  /** Hard cap on items read per call, so a very selective filter cannot read a whole list. */
  maxItemsRead: number;
}

export interface MergedPage {
  tickets: TicketRecord[];
  hasMore: boolean;
  cursor?: string;
  itemsRead: number;
}

interface SourceState {
  source: ListSource;
  buffer: TicketRecord[];
  lastKey?: Record<string, unknown>;
  exhausted: boolean;
  /** Items its next read asks for. */
  limit: number;
}

/** A source's first read asks for at least this many items (a small Query costs its round trip anyway). */
const MIN_FIRST_READ = 4;
/**
 * Up to this many lists, each is read for the whole page at once: one round trip, as a tab over a few
 * queues always was (reading a share made a long list need a second and third sequential read, and the
 * pending tab's p99 at 100,000 tickets rose 1.55× over 1,000's in the paired bench).
 */
const WHOLE_PAGE_SOURCES = 8;
/**
 * A source's first read: up to WHOLE_PAGE_SOURCES lists, the whole page each; more lists (showAll over
 * every user's open list) a share of twice the page each, so the first fill is O(page + k) items, not
 * O(page × k). A source read dry is read again for twice as many (up to `batch`): a list holding most
 * of the page costs O(log page) reads.
 */
const firstRead = (wanted: number, sources: number, batch: number) =>
  sources <= WHOLE_PAGE_SOURCES ? batch : Math.min(batch, Math.max(MIN_FIRST_READ, Math.ceil((2 * wanted) / sources) + 1));

const activityOf = (t: TicketRecord) => `${t.updatedAt}#${t.id}`;

async function fill(state: SourceState, opts: MergeOptions, limit: number): Promise<number> {
  const sk = `${state.source.index}SK`;
  const conditions = [`${state.source.index}PK = :pk`];
  const values: Record<string, unknown> = { ':pk': state.source.pk };
  if (opts.before && opts.notBefore) {
    conditions.push(`${sk} BETWEEN :lo AND :hi`);
    values[':lo'] = opts.notBefore;
    values[':hi'] = opts.before;
  } else if (opts.before) {
    conditions.push(`${sk} < :hi`);
    values[':hi'] = opts.before;
  } else if (opts.notBefore) {
    conditions.push(`${sk} >= :lo`);
    values[':lo'] = opts.notBefore;
  }
  // AP-T6 (GSI1) / AP-T7 (GSI2)
  const out = await queryPage(
    {
      IndexName: state.source.index,
      KeyConditionExpression: conditions.join(' AND '),
      ExpressionAttributeValues: values,
      ScanIndexForward: false,
    },
    { limit, after: state.lastKey },
  );
  const items = out.items.map(ticketFromItem).filter((t) => !opts.before || activityOf(t) < opts.before);
  state.buffer.push(...items);
  state.lastKey = out.next;
  state.exhausted = !out.next;
  return out.items.length;
}

export async function mergeTicketLists(sources: ListSource[], opts: MergeOptions): Promise<MergedPage> {
  const wanted = opts.pageSize + (opts.skip ?? 0);
  const batch = Math.min(100, wanted + 1);
  const limit = firstRead(wanted, sources.length, batch);
  const states: SourceState[] = sources.map((source) => ({ source, buffer: [], exhausted: false, limit }));
  const out: TicketRecord[] = [];
  let matched = 0;
  let itemsRead = 0;
  let lastConsumed: string | undefined;
  // A ticket that just moved between lists can briefly sit in both (GSIs are eventually consistent).
  const seen = new Set<string>();

  for (;;) {
    const empty = states.filter((s) => !s.buffer.length && !s.exhausted);
    if (empty.length) {
      if (itemsRead >= opts.maxItemsRead) return { tickets: out, hasMore: true, cursor: lastConsumed, itemsRead };
      const counts = await Promise.all(
        empty.map(async (s) => {
          const read = await fill(s, opts, s.limit);
          s.limit = Math.min(batch, s.limit * 2);
          return read;
        }),
      );
      itemsRead += counts.reduce((a, b) => a + b, 0);
      continue;
    }
    let head: SourceState | undefined;
    for (const s of states)
      if (s.buffer.length && (!head || activityOf(s.buffer[0]!) > activityOf(head.buffer[0]!))) head = s;
    if (!head) return { tickets: out, hasMore: false, itemsRead };
    const ticket = head.buffer.shift()!;
    lastConsumed = activityOf(ticket);
    if (seen.has(ticket.id) || (opts.keep && !opts.keep(ticket))) continue;
    seen.add(ticket.id);
    matched++;
    if (matched <= (opts.skip ?? 0)) continue;
    out.push(ticket);
    if (out.length === opts.pageSize) {
      const more = states.some((s) => s.buffer.length || !s.exhausted);
      return { tickets: out, hasMore: more, ...(more ? { cursor: lastConsumed } : {}), itemsRead };
    }
  }
}
