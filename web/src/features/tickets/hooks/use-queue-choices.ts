import { useQueueOptions } from '@/entities/queue';
import { useQueuesOnSchedule } from '../api/lookups';
import { useViewer } from './use-viewer';

/**
 * The queues the transfer, reopen and new-ticket dialogs offer: with scheduleType 'queue' the
 * queues on schedule, otherwise every queue (spec part 1 §6).
 */
export function useQueueChoices(enabled = true) {
  const { rawSettings } = useViewer();
  const bySchedule = rawSettings.scheduleType === 'queue';
  const all = useQueueOptions(enabled && !bySchedule);
  const onSchedule = useQueuesOnSchedule(enabled && bySchedule);
  const query = bySchedule ? onSchedule : all;
  return { queues: query.data ?? [], isLoading: query.isLoading };
}
