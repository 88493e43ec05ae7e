/**
 * GET /tickets (spec part 1 §2 tabs, §7). Status tabs read the lists kept on write (pending and closed
 * per queue, open and closed per user: data/ticket-list-keys.ts) merged by activity, and counts from
 * the counters: O(page + lists), never O(tickets). A search goes to search-tickets.ts.
 */
import {
  mayFilterTicketsByUser,
  mayShowAllTickets,
  PAGE_SIZE,
  ticketListScope,
  TICKET_STATUSES,
  type ListTicketsQuery,
  type TicketListAnswer,
  type TicketStatus,
} from '@atende/shared';
import { listQueues } from '../../data/queues';
import { readTicketCounts, type TicketCounts } from '../../data/ticket-counters';
import { LIST_INDEXES } from '../../data/ticket-list-keys';
import { mergeTicketLists, nonEmptyUserLists, queueList, userList, type ListSource } from '../../data/ticket-lists';
import { searchTerms } from '../../data/search-tokens';
import { AppError } from '../../platform/app-error';
import { accessDenied, type TicketActor } from './ticket-actor';
import { toTicketDtos } from './ticket-dto';
import { hasPostFilters, nextDay, ticketFilter } from './ticket-filters';
import { searchTickets } from './search-tickets';

/** Reads per request at most this many list items, whatever the filters (a selective filter ends the page early, with a cursor). */
const MAX_ITEMS_READ = 1_000;

export async function listTickets(actor: TicketActor, q: ListTicketsQuery): Promise<TicketListAnswer> {
  if (q.showAll && !mayShowAllTickets(actor.viewer)) throw accessDenied();
  if (q.users.length && !mayFilterTicketsByUser(actor.viewer)) throw accessDenied();
  if (q.searchParam) {
    const terms = searchTerms(q.searchParam);
    // Fewer than 3 letters cannot be searched (spec part 1 §9: searches start at 3 characters).
    return terms.length ? searchTickets(actor, q, terms) : { tickets: [], count: 0, hasMore: false };
  }
  const statuses: TicketStatus[] = q.status ? [q.status] : [...TICKET_STATUSES];
  const { sources, counted, counts } = await listSources(actor, q, statuses);
  const before = decodeActivityCursor(q.cursor);
  const updatedTo = q.updatedAt ? `${nextDay(q.updatedAt)}T00:00:00.000Z` : undefined;
  const page = await mergeTicketLists(sources, {
    before: before && updatedTo ? (before < updatedTo ? before : updatedTo) : (before ?? updatedTo),
    notBefore: q.updatedAt ? `${q.updatedAt}T00:00:00.000Z` : undefined,
    pageSize: PAGE_SIZE,
    skip: q.cursor ? 0 : (q.pageNumber - 1) * PAGE_SIZE,
    keep: ticketFilter(actor, q, statuses),
    maxItemsRead: MAX_ITEMS_READ,
  });
  const exact = !hasPostFilters(q) && !q.updatedAt && !(q.queueIds.length && counted.some((c) => c.kind === 'user'));
  const count = !exact
    ? (q.cursor ? 0 : (q.pageNumber - 1) * PAGE_SIZE) + page.tickets.length
    : countOf(counts ?? (await readTicketCounts(actor.viewer.companyId)), counted);
  return {
    tickets: await toTicketDtos(actor.viewer.companyId, page.tickets),
    count,
    hasMore: page.hasMore,
    ...(page.cursor ? { cursor: Buffer.from(page.cursor).toString('base64url') } : {}),
  };
}

type Counted = { kind: 'queue' | 'user'; status: TicketStatus; id: string | null };

/**
 * Which lists make up the tab the caller asked for (ticketListScope in the shared policy decides the
 * scope). Open tickets are only in user lists: a view of them by queue (showAll, a queue filter) reads
 * every non-empty open user list, which the counters name (`counts`, read once and kept for the count),
 * and `ticketFilter` keeps the queues asked for.
 */
async function listSources(
  actor: TicketActor,
  q: ListTicketsQuery,
  statuses: TicketStatus[],
): Promise<{ sources: ListSource[]; counted: Counted[]; counts?: TicketCounts }> {
  const { viewer, settings } = actor;
  const cid = viewer.companyId;
  const counted: Counted[] = [];
  const byUser = (status: TicketStatus, userId: string | null) => {
    counted.push({ kind: 'user', status, id: userId });
    return userList(cid, status, userId);
  };
  const byQueue = (status: TicketStatus, queueId: string | null) => {
    counted.push({ kind: 'queue', status, id: queueId });
    return queueList(cid, status, queueId);
  };
  const wantQueue = (queueId: string | null) => !q.queueIds.length || (queueId !== null && q.queueIds.includes(queueId));
  let companyQueues: (string | null)[] | undefined;
  let counts: TicketCounts | undefined;
  const sources: ListSource[] = [];
  for (const status of statuses) {
    const inUserLists = LIST_INDEXES[status].includes('GSI2');
    if (q.users.length) {
      // pending tickets have no user (nor a user list): the user filter finds none of them
      if (inUserLists) sources.push(...q.users.map((u) => byUser(status, u)));
      continue;
    }
    const scope = ticketListScope(viewer, status, q.showAll);
    if (scope === 'mine') {
      sources.push(byUser(status, viewer.userId));
      continue;
    }
    const queues =
      scope === 'company'
        ? (companyQueues ??= [...(await listQueues(cid)).map((x) => x.id), null])
        : [...(viewer.queueIds ?? []), ...(settings.userViewTicketsWithoutDepartment ? [null] : [])];
    const wanted = queues.filter(wantQueue);
    if (LIST_INDEXES[status].includes('GSI1')) {
      sources.push(...wanted.map((queueId) => byQueue(status, queueId)));
      continue;
    }
    if (!wanted.length) continue;
    counted.push(...wanted.map((queueId) => ({ kind: 'queue' as const, status, id: queueId })));
    sources.push(...nonEmptyUserLists(cid, status, (counts ??= await readTicketCounts(cid))));
  }
  return { sources, counted, counts };
}

const countOf = (counts: TicketCounts, counted: Counted[]) =>
  counted.reduce((sum, c) => sum + (c.kind === 'queue' ? counts.byQueue(c.status, c.id) : counts.byUser(c.status, c.id)), 0);

function decodeActivityCursor(cursor: string | undefined): string | undefined {
  if (!cursor) return undefined;
  const value = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+Z#[0-9A-Za-z]{1,64}$/.test(value))
    throw new AppError('ERR_VALIDATION', 400, { fields: { cursor: 'invalid' } });
  return value;
}
