import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TOP_LEVEL_PARENT,
  type QueueOptionCreateInput,
  type QueueOptionDto,
  type QueueOptionUpdateInput,
} from '@atende/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';

/** One level of a queue's menu per key; invalidating `menu(queueId)` refreshes every level of it. */
export const menuKeys = {
  all: ['queues', 'menu'] as const,
  menu: (queueId: string) => [...menuKeys.all, queueId] as const,
  level: (queueId: string, parentId: string | null) => [...menuKeys.menu(queueId), parentId ?? TOP_LEVEL_PARENT] as const,
};

/** `GET /queue-options?queueId&parentId` (-1 = top level). */
export const useMenuLevel = (queueId: string, parentId: string | null, enabled = true) =>
  useQuery({
    queryKey: menuKeys.level(queueId, parentId),
    queryFn: () => apiGet<QueueOptionDto[]>('/queue-options', { queueId, parentId: parentId ?? TOP_LEVEL_PARENT }),
    enabled,
  });

export function useMenuMutations(queueId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: menuKeys.menu(queueId) });
  const create = useMutation({
    mutationFn: (input: QueueOptionCreateInput) => apiPost<QueueOptionDto>('/queue-options', input),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: string; input: QueueOptionUpdateInput }) =>
      apiPut<QueueOptionDto>(`/queue-options/${encodeURIComponent(id)}`, input),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiDelete<void>(`/queue-options/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });
  return { create, update, remove };
}
