/** A contact's scheduled messages, as the ticket's schedule dialog shows and edits them (spec part 1 §4). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateScheduleInput, ScheduleDto, ScheduleListAnswer, UpdateScheduleInput } from '@atende/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';
import { useRealtime } from '@/lib/realtime';
import { scheduleKeys } from './keys';

/** The contact's schedules, soonest first (one page: a contact has a handful). */
export function useContactSchedules(contactId: string) {
  const client = useQueryClient();
  // Any console's change (or the sending itself) re-reads the list on screen.
  useRealtime('schedule', () => void client.invalidateQueries({ queryKey: scheduleKeys.contact(contactId) }));
  return useQuery({
    queryKey: scheduleKeys.contact(contactId),
    queryFn: async () => (await apiGet<ScheduleListAnswer>('/schedules', { contactId })).schedules,
  });
}

export function useSaveSchedule(contactId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: CreateScheduleInput | UpdateScheduleInput }) =>
      id ? apiPut<ScheduleDto>(`/schedules/${id}`, input) : apiPost<ScheduleDto>('/schedules', input),
    onSuccess: () => client.invalidateQueries({ queryKey: scheduleKeys.contact(contactId) }),
  });
}

export function useDeleteSchedule(contactId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<void>(`/schedules/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: scheduleKeys.contact(contactId) }),
  });
}
