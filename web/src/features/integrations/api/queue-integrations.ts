import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  QueueIntegrationDto,
  QueueIntegrationInput,
  QueueIntegrationListAnswer,
  QueueIntegrationRealtimeData,
} from '@atende/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';

/** Hierarchical keys: `integrationKeys.lists()` holds every search's pages. */
export const integrationKeys = {
  all: ['queueIntegrations'] as const,
  lists: () => [...integrationKeys.all, 'list'] as const,
  list: (search: string) => [...integrationKeys.lists(), { search }] as const,
  detail: (id: string) => [...integrationKeys.all, 'detail', id] as const,
};

interface PageParam {
  cursor?: string;
  pageNumber: number;
}

const path = (id?: string) => (id ? `/queueIntegration/${encodeURIComponent(id)}` : '/queueIntegration');

/** Spec part 2 §7: searchParam (lower-cased), pageNumber; the API also pages by cursor. */
export const integrationsListQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: integrationKeys.list(search),
    queryFn: ({ pageParam }) =>
      apiGet<QueueIntegrationListAnswer>(path(), {
        searchParam: search.toLowerCase(),
        cursor: pageParam.cursor,
        pageNumber: pageParam.pageNumber,
      }),
    initialPageParam: { pageNumber: 1 } as PageParam,
    getNextPageParam: (last, _all, previous): PageParam | undefined =>
      last.hasMore ? { cursor: last.cursor, pageNumber: previous.pageNumber + 1 } : undefined,
  });

export const useIntegrationsList = (search: string, enabled = true) =>
  useInfiniteQuery({ ...integrationsListQuery(search), enabled });

export const integrationQuery = (id: string) =>
  queryOptions({ queryKey: integrationKeys.detail(id), queryFn: () => apiGet<QueueIntegrationDto>(path(id)) });

export const useIntegration = (id: string | undefined) => useQuery({ ...integrationQuery(id ?? ''), enabled: !!id });

type Pages = InfiniteData<QueueIntegrationListAnswer, PageParam>;

/**
 * Spec part 2 §4 "Integrations live events": create or update upserts the row, delete removes it, in
 * every cached search (a created row goes on top of the first page of the unfiltered list and of the
 * searches its name matches).
 */
export function applyIntegrationEvent(queryClient: QueryClient, event: QueueIntegrationRealtimeData): void {
  const lists = queryClient.getQueriesData<Pages>({ queryKey: integrationKeys.lists() });
  for (const [key, data] of lists) {
    if (!data) continue;
    const search = ((key[2] as { search?: string } | undefined)?.search ?? '').toLowerCase();
    let pages = data.pages.map((page) => ({
      ...page,
      queueIntegrations: page.queueIntegrations.filter((row) =>
        event.action === 'delete' ? row.id !== event.integrationId : true,
      ),
    }));
    if (event.action !== 'delete') {
      const row = event.queueIntegration;
      const matches = !search || row.name.toLowerCase().includes(search);
      const present = pages.some((page) => page.queueIntegrations.some((r) => r.id === row.id));
      pages = pages.map((page) => ({
        ...page,
        queueIntegrations: matches
          ? page.queueIntegrations.map((r) => (r.id === row.id ? row : r))
          : page.queueIntegrations.filter((r) => r.id !== row.id),
      }));
      if (matches && !present && pages[0])
        pages[0] = { ...pages[0], queueIntegrations: [row, ...pages[0].queueIntegrations] };
    }
    queryClient.setQueryData<Pages>(key, { ...data, pages });
  }
  if (event.action === 'delete') queryClient.removeQueries({ queryKey: integrationKeys.detail(event.integrationId) });
  else queryClient.setQueryData(integrationKeys.detail(event.queueIntegration.id), event.queueIntegration);
}

export function useSaveIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: QueueIntegrationInput }) =>
      id ? apiPut<QueueIntegrationDto>(path(id), input) : apiPost<QueueIntegrationDto>(path(), input),
    onSuccess: (saved, { id }) =>
      applyIntegrationEvent(queryClient, { action: id ? 'update' : 'create', queueIntegration: saved }),
  });
}

export function useDeleteIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<void>(path(id)),
    onSuccess: (_data, id) => applyIntegrationEvent(queryClient, { action: 'delete', integrationId: id }),
  });
}
