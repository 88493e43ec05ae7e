import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { CreateTicketInput, TicketChangeRequest } from '@atende/shared';
import { apiDelete, apiGet, apiPost, apiPut, type QueryParams } from '@/lib/api-client';
import { ticketKeys, type TicketListFilters } from './keys';
import { removeTicketFromCaches, upsertTicketInCaches } from './ticket-cache';
import { FIRST_PAGE, nextPageParam, type PageParam, type TicketDto, type TicketsPage } from './types';

function listParams(filters: TicketListFilters, page: PageParam): QueryParams {
  return {
    pageNumber: page.pageNumber,
    cursor: page.cursor,
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

export const fetchTickets = (filters: TicketListFilters, page: PageParam) =>
  apiGet<TicketsPage>('/tickets', listParams(filters, page));

/** A ticket list, page by page (the next page loads within 100 px of the bottom, spec part 1 §9). */
export const ticketListQuery = (filters: TicketListFilters, enabled = true) =>
  infiniteQueryOptions({
    queryKey: ticketKeys.list(filters),
    queryFn: ({ pageParam }) => fetchTickets(filters, pageParam),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
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

/** Every transition of spec part 1 §4 is one PUT with the target state (`ticketTransition` decides which). */
export type TicketUpdate = TicketChangeRequest;

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

export type NewTicket = Pick<CreateTicketInput, 'contactId' | 'queueId' | 'userId' | 'status'>;

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
