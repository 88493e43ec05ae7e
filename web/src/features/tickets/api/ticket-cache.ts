/**
 * Cache patching for tickets, shared by mutations and live events (TkDodo, "Using WebSockets
 * with React Query"): a list whose membership rule the console knows (status, assignee, queue)
 * is patched in place; a search list (text, tags, users) is invalidated, the server decides.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { maySeeTicket } from '@atende/shared';
import { sessionStore } from '@/lib/session-store';
import { sessionViewer, type SessionViewer } from '../lib/session-viewer';
import { ticketKeys, type TicketListFilters } from './keys';
import type { TicketDto, TicketsPage } from './types';

type ListData = InfiniteData<TicketsPage>;

/** Lists whose membership depends on more than status/assignee/queue are left to the server. */
const isSearchList = (filters: TicketListFilters): boolean =>
  Boolean(filters.searchParam) ||
  Boolean(filters.tags?.length) ||
  Boolean(filters.users?.length) ||
  (filters.status === undefined && !filters.withUnreadMessages);

/**
 * Whether a ticket belongs to a (non-search) list. Never one the viewer may not see (the shared
 * `maySeeTicket`, as the server's lists and audiences judge it): a ticket transferred out of their
 * queues leaves every list, whoever told the console about it. The open tab without 'show all'
 * holds the viewer's own tickets; pending holds the queue's waiting tickets.
 */
export function ticketMatchesList(
  ticket: TicketDto,
  filters: TicketListFilters,
  { viewer, settings }: SessionViewer,
): boolean {
  if (!viewer || !maySeeTicket(viewer, ticket, settings)) return false;
  if (filters.status && ticket.status !== filters.status) return false;
  if (filters.status === 'open' && !filters.showAll && ticket.userId !== viewer.userId) return false;
  if (filters.queueIds?.length && !(ticket.queueId === null || filters.queueIds.includes(ticket.queueId))) return false;
  if (filters.withUnreadMessages && ticket.unreadMessages <= 0) return false;
  return true;
}

function withoutTicket(data: ListData, ticketId: string): { data: ListData; removed: boolean } {
  let removed = false;
  const pages = data.pages.map((page) => {
    const tickets = page.tickets.filter((t) => t.id !== ticketId);
    if (tickets.length === page.tickets.length) return page;
    removed = true;
    return { ...page, tickets };
  });
  return { data: removed ? { ...data, pages } : data, removed };
}

/**
 * The incoming ticket, keeping the shown text and unread count when the shown ones are newer: two
 * writes a few milliseconds apart (two messages landing, a message and the operator's read) come from
 * two functions, and their events may arrive in the other order. `activityVersion` grows with each such
 * write, so the greater one is the later text and count; every other field is the incoming one's.
 */
export function withFresherActivity(shown: TicketDto | undefined, incoming: TicketDto): TicketDto {
  if (!shown || (incoming.activityVersion ?? 0) >= (shown.activityVersion ?? 0)) return incoming;
  const { lastMessage, lastMessageAt, unreadMessages, activityVersion } = shown;
  return { ...incoming, lastMessage, lastMessageAt, unreadMessages, activityVersion };
}

/** Insert or move the ticket to the top of a list it belongs to; drop it from one it left. */
export function patchList(data: ListData | undefined, ticket: TicketDto, belongs: boolean): ListData | undefined {
  if (!data || data.pages.length === 0) return data;
  const { data: rest, removed } = withoutTicket(data, ticket.id);
  const first = rest.pages[0]!;
  if (!belongs) {
    if (!removed) return data;
    return { ...rest, pages: [{ ...first, count: Math.max(0, first.count - 1) }, ...rest.pages.slice(1)] };
  }
  const count = removed ? first.count : first.count + 1;
  return { ...rest, pages: [{ ...first, count, tickets: [ticket, ...first.tickets] }, ...rest.pages.slice(1)] };
}

/**
 * A ticket changed (mutation answer or `ticket` update event): every cached view follows, with the
 * newest text and unread count any of them shows (`withFresherActivity`): a ticket moving to a list
 * that did not hold it keeps them too.
 */
export function upsertTicketInCaches(client: QueryClient, incoming: TicketDto): void {
  const ticket = withFresherActivity(newestShown(client, incoming.id), incoming);
  const viewer = sessionViewer(sessionStore.get().user);
  for (const query of client.getQueryCache().findAll({ queryKey: ticketKeys.lists() })) {
    const filters = (query.queryKey[2] ?? {}) as TicketListFilters;
    if (isSearchList(filters)) {
      void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
      continue;
    }
    client.setQueryData<ListData>(query.queryKey, (data) =>
      patchList(data, ticket, ticketMatchesList(ticket, filters, viewer)),
    );
  }
  client.setQueryData<TicketDto>(ticketKeys.detail(ticket.uuid), (old) =>
    old ? { ...old, ...withFresherActivity(old, ticket) } : old,
  );
}

/**
 * Patch only the fields an event carries (unread count, tags) without moving the row; a patch with an
 * `activityVersion` older than the shown ticket's is left out (`withFresherActivity`).
 */
export function patchTicketFields(client: QueryClient, ticketId: string, patch: Partial<TicketDto>): void {
  const patched = (t: TicketDto) =>
    t.id !== ticketId || (patch.activityVersion ?? Infinity) < (t.activityVersion ?? 0) ? t : { ...t, ...patch };
  for (const query of client.getQueryCache().findAll({ queryKey: ticketKeys.lists() })) {
    client.setQueryData<ListData>(query.queryKey, (data) =>
      data ? { ...data, pages: data.pages.map((page) => ({ ...page, tickets: page.tickets.map(patched) })) } : data,
    );
  }
  for (const query of client.getQueryCache().findAll({ queryKey: ticketKeys.details() })) {
    client.setQueryData<TicketDto>(query.queryKey, (old) => (old ? patched(old) : old));
  }
}

export function removeTicketFromCaches(client: QueryClient, ticketId: string): void {
  for (const query of client.getQueryCache().findAll({ queryKey: ticketKeys.lists() })) {
    client.setQueryData<ListData>(query.queryKey, (data) => {
      if (!data) return data;
      const { data: rest, removed } = withoutTicket(data, ticketId);
      if (!removed) return data;
      const [first, ...others] = rest.pages;
      return { ...rest, pages: [{ ...first!, count: Math.max(0, first!.count - 1) }, ...others] };
    });
  }
}

/**
 * The ticket's conversation, where one shows it, is read again: a ticket that left the viewer's
 * reach answers 403 there ('Acesso não permitido', back to the list).
 */
export function refreshTicketDetail(client: QueryClient, ticketId: string): void {
  void client.invalidateQueries({
    queryKey: ticketKeys.details(),
    predicate: (query) => (query.state.data as TicketDto | undefined)?.id === ticketId,
  });
}

/** Of the ticket's cached copies, the one with the greatest `activityVersion`. */
function newestShown(client: QueryClient, ticketId: string): TicketDto | undefined {
  let newest: TicketDto | undefined;
  const consider = (t: TicketDto | undefined) => {
    if (t?.id === ticketId && (!newest || (t.activityVersion ?? 0) > (newest.activityVersion ?? 0))) newest = t;
  };
  for (const [, data] of client.getQueriesData<ListData>({ queryKey: ticketKeys.lists() }))
    for (const page of data?.pages ?? []) page.tickets.forEach(consider);
  for (const [, data] of client.getQueriesData<TicketDto>({ queryKey: ticketKeys.details() })) consider(data);
  return newest;
}

/** Every ticket currently cached in any list (the notifications popover reads the unread ones). */
export function findCachedTicket(client: QueryClient, ticketId: string): TicketDto | undefined {
  for (const [, data] of client.getQueriesData<ListData>({ queryKey: ticketKeys.lists() })) {
    for (const page of data?.pages ?? []) {
      const found = page.tickets.find((t) => t.id === ticketId);
      if (found) return found;
    }
  }
  for (const [, data] of client.getQueriesData<TicketDto>({ queryKey: ticketKeys.details() })) {
    if (data?.id === ticketId) return data;
  }
  return undefined;
}
