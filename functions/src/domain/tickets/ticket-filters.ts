/**
 * The filters of GET /tickets that no list key answers (tags, unread, creation day, queue subset),
 * applied to the tickets a list or a search read. One predicate for both paths.
 */
import { maySeeTicket, type ListTicketsQuery, type TicketStatus } from '@atende/shared';
import type { TicketRecord } from '../../data/tickets';
import type { TicketActor } from './ticket-actor';

export const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

/** Whether the query narrows the lists beyond what their keys give (then counts are of the page, not the list). */
export const hasPostFilters = (q: ListTicketsQuery) =>
  q.tags.length > 0 || q.withUnreadMessages || !!q.date || (q.queueIds.length > 0 && q.users.length > 0);

export function ticketFilter(
  actor: TicketActor,
  q: ListTicketsQuery,
  statuses: TicketStatus[],
): (t: TicketRecord) => boolean {
  const createdFrom = q.date ? `${q.date}T00:00:00.000Z` : undefined;
  const createdTo = q.date ? `${nextDay(q.date)}T00:00:00.000Z` : undefined;
  const updatedFrom = q.updatedAt ? `${q.updatedAt}T00:00:00.000Z` : undefined;
  const updatedTo = q.updatedAt ? `${nextDay(q.updatedAt)}T00:00:00.000Z` : undefined;
  return (t) =>
    maySeeTicket(actor.viewer, t, actor.settings) &&
    statuses.includes(t.status) &&
    (!q.queueIds.length || (t.queueId !== null && q.queueIds.includes(t.queueId))) &&
    (!q.users.length || (t.userId !== null && q.users.includes(t.userId))) &&
    q.tags.every((tag) => (t.tagIds ?? []).includes(tag)) &&
    (!q.withUnreadMessages || (t.unreadMessages ?? 0) > 0) &&
    (!createdFrom || (t.createdAt >= createdFrom && t.createdAt < createdTo!)) &&
    (!updatedFrom || (t.updatedAt >= updatedFrom && t.updatedAt < updatedTo!));
}
