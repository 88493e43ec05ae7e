import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueueRef } from '@atende/shared';
import { apiGet, isApiError } from '@/lib/api-client';

export type QueueOption = QueueRef;

/**
 * The company's queues, for the queue pickers (user, connection and contact forms, the ticket dialogs,
 * the queues page's reads: one cache entry for all). Not the queue menu's `/queue-options`
 * (features/queues/api/queue-options.ts), which only the queues page edits.
 * The queues area ships later: until `GET /queue` exists (404/405) the pickers show no queues.
 */
async function fetchQueueOptions(): Promise<QueueOption[]> {
  try {
    const answer = await apiGet<QueueOption[] | { queues: QueueOption[] }>('/queue');
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
