import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut, type QueryParams } from '@/lib/api-client';
import { ticketKeys, type TicketListFilters } from './keys';
import { removeTicketFromCaches, upsertTicketInCaches } from './ticket-cache';
import type { TicketDto, TicketsPage, TicketStatus } from './types';

function listParams(filters: TicketListFilters, pageNumber: number): QueryParams {
  return {
    pageNumber,
    status: filters.status,
    searchParam: filters.searchParam,
    showAll: filters.showAll ? 'true' : undefined,
    withUnreadMessages: filters.withUnreadMessages ? 'true' : undefined,
    // Arrays travel as JSON, as the spec's client sends them.
    tags: filters.tags?.length ? JSON.stringify(filters.tags) : undefined,
    users: filters.users?.length ? JSON.stringify(filters.users) : undefined,
    queueIds: filters.queueIds?.length ? JSON.stringify(filters.queueIds) : undefined,
  };
}

export const fetchTickets = (filters: TicketListFilters, pageNumber: number) =>
  apiGet<TicketsPage>('/tickets', listParams(filters, pageNumber));

/** A ticket list, page by page (the next page loads within 100 px of the bottom, spec part 1 §9). */
export const ticketListQuery = (filters: TicketListFilters, enabled = true) =>
  infiniteQueryOptions({
    queryKey: ticketKeys.list(filters),
    queryFn: ({ pageParam }) => fetchTickets(filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.hasMore ? lastPage + 1 : undefined),
    enabled,
  });

export function useTicketList(filters: TicketListFilters, enabled = true) {
  return useInfiniteQuery(ticketListQuery(filters, enabled));
}

/** The route carries the uuid (`/tickets/{uuid}`). */
export const ticketQuery = (uuid: string) =>
  queryOptions({ queryKey: ticketKeys.detail(uuid), queryFn: () => apiGet<TicketDto>(`/tickets/u/${uuid}`) });

export function useTicket(uuid: string | undefined) {
  return useQuery({ ...ticketQuery(uuid ?? ''), enabled: Boolean(uuid) });
}

/** Every transition of spec part 1 §4 is one PUT with the fields that change. */
export interface TicketUpdate {
  status?: TicketStatus;
  userId?: string | null;
  queueId?: string | null;
}

export function useUpdateTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ticket, update }: { ticket: TicketDto; update: TicketUpdate }) =>
      apiPut<TicketDto>(`/tickets/${ticket.id}`, update),
    onSuccess: (saved) => {
      if (saved?.id) upsertTicketInCaches(client, saved);
    },
  });
}

export interface NewTicket {
  contactId: string;
  queueId: string | null;
  userId: string;
  status: 'open';
}

export function useCreateTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: NewTicket) => apiPost<TicketDto>('/tickets', payload),
    onSuccess: (saved) => {
      if (saved?.id) upsertTicketInCaches(client, saved);
    },
  });
}

export function useDeleteTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ticket: TicketDto) => apiDelete<void>(`/tickets/${ticket.id}`),
    onSuccess: (_void, ticket) => removeTicketFromCaches(client, ticket.id),
  });
}
