import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueueDto, QueueInput } from '@atende/shared';
import { apiDelete, apiGet, apiPost, apiPut, isApiError } from '@/lib/api-client';
import { queueOptionsQuery } from '@/entities/queue';

/** Hierarchical keys: invalidating `queueKeys.all` refreshes the page's list and details alike. */
export const queueKeys = {
  all: ['queues', 'admin'] as const,
  list: () => [...queueKeys.all, 'list'] as const,
  detail: (id: string) => [...queueKeys.all, 'detail', id] as const,
  integrations: () => [...queueKeys.all, 'integrations'] as const,
};

export const queuesQuery = () => queryOptions({ queryKey: queueKeys.list(), queryFn: () => apiGet<QueueDto[]>('/queue') });

export const useQueues = () => useQuery(queuesQuery());

export const useQueue = (id: string | undefined) =>
  useQuery({
    queryKey: queueKeys.detail(id ?? ''),
    queryFn: () => apiGet<QueueDto>(`/queue/${encodeURIComponent(id!)}`),
    enabled: !!id,
  });

/** The page's list and every queue picker (users, connections) read the same queues. */
function useRefreshQueues() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queueKeys.all }),
      client.invalidateQueries({ queryKey: queueOptionsQuery().queryKey }),
    ]);
}

/** POST /queue without an id, PUT /queue/{id} with one. */
export function useSaveQueue() {
  const refresh = useRefreshQueues();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: QueueInput }) =>
      id ? apiPut<QueueDto>(`/queue/${encodeURIComponent(id)}`, input) : apiPost<QueueDto>('/queue', input),
    onSuccess: () => refresh(),
  });
}

export function useDeleteQueue() {
  const refresh = useRefreshQueues();
  return useMutation({
    mutationFn: (id: string) => apiDelete<void>(`/queue/${encodeURIComponent(id)}`),
    onSuccess: () => refresh(),
  });
}

export interface IntegrationChoice {
  id: string;
  name: string;
  type: string;
}

/**
 * The company's queue integrations for the selector (`GET /queueIntegration`, spec part 3 §7). The
 * integrations area may not be deployed: a 404 reads as "none". Type azure-apeech is never offered (§2).
 */
async function fetchIntegrations(): Promise<IntegrationChoice[]> {
  try {
    const answer = await apiGet<{ queueIntegrations?: IntegrationChoice[] } | IntegrationChoice[]>('/queueIntegration');
    const list = Array.isArray(answer) ? answer : (answer?.queueIntegrations ?? []);
    return list.filter((i) => i.type !== 'azure-apeech');
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 405)) return [];
    throw error;
  }
}

export const useQueueIntegrations = (enabled: boolean) =>
  useQuery({ queryKey: queueKeys.integrations(), queryFn: fetchIntegrations, enabled, staleTime: 30_000 });
