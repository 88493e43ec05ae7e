import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueueRef } from '@atende/shared';
import { apiGet, isApiError } from '@/lib/api-client';

/**
 * The queues a user can be given. The queues area ships later: until `GET /queue` exists
 * (404/405) the picker simply shows no queues. Same key and shape as the connections
 * feature's queue options, so both share one cache entry.
 */
async function fetchQueueOptions(): Promise<QueueRef[]> {
  try {
    const answer = await apiGet<QueueRef[] | { queues: QueueRef[] }>('/queue');
    return Array.isArray(answer) ? answer : (answer?.queues ?? []);
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 405)) return [];
    throw error;
  }
}

export const queueOptionsQuery = () =>
  queryOptions({ queryKey: ['queues', 'options'] as const, queryFn: fetchQueueOptions, staleTime: 60_000 });

export function useQueueOptions(enabled = true) {
  return useQuery({ ...queueOptionsQuery(), enabled });
}
