import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, isApiError } from '@/lib/api-client';

export interface QueueOption {
  id: string;
  name: string;
  color?: string;
}

/**
 * The queues a connection can serve. The queues area may not be deployed yet (404): an empty
 * list keeps the dialog usable. The key lives here, not in a queues feature, because features
 * do not import each other.
 */
async function fetchQueues(): Promise<QueueOption[]> {
  try {
    const answer = await apiGet<QueueOption[] | { queues: QueueOption[] }>('/queue');
    return Array.isArray(answer) ? answer : (answer?.queues ?? []);
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 405)) return [];
    throw error;
  }
}

export const queueOptionsQuery = () =>
  queryOptions({ queryKey: ['queues', 'options'] as const, queryFn: fetchQueues, staleTime: 60_000 });

export function useQueueOptions(enabled = true) {
  return useQuery({ ...queueOptionsQuery(), enabled });
}
