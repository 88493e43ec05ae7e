/**
 * The schedules API as the console uses it (spec part 1 §4 "Scheduled message", §7; part 3
 * "/schedules"): one contact's schedules (the ticket's dialog), the company's list and search (the
 * /schedules page), saving, deleting, and attachments. The schedule entity's API: the tickets feature
 * and the schedules page use it through the schedule dialog (entities/schedule).
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateScheduleInput,
  ScheduleDto,
  ScheduleListAnswer,
  ScheduleMediaUploadAnswer,
  UpdateScheduleInput,
} from '@atende/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';
import { putToStorage } from '@/lib/attachments';
import { useRealtime } from '@/lib/realtime';
import { searchPagesQuery } from '@/lib/search-pages';

/** Hierarchical keys: invalidating `scheduleKeys.all` refreshes every list on screen. */
export const scheduleKeys = {
  all: ['schedules'] as const,
  contact: (contactId: string) => [...scheduleKeys.all, 'contact', contactId] as const,
  list: (search: string) => [...scheduleKeys.all, 'list', { search }] as const,
};

/** Any console's change (or the sending itself) re-reads the schedules on screen. */
export function useLiveSchedules() {
  const client = useQueryClient();
  useRealtime('schedule', () => void client.invalidateQueries({ queryKey: scheduleKeys.all }));
}

/** The contact's schedules, soonest first (one page: a contact has a handful). */
export function useContactSchedules(contactId: string) {
  useLiveSchedules();
  return useQuery({
    queryKey: scheduleKeys.contact(contactId),
    queryFn: async () => (await apiGet<ScheduleListAnswer>('/schedules', { contactId })).schedules,
  });
}

/** The company's schedules by send time (or those a search finds), a page at a time. */
export const schedulesListQuery = (search: string) =>
  searchPagesQuery<ScheduleListAnswer>(scheduleKeys.list(search), '/schedules', search);

export function useSchedulesList(search: string) {
  useLiveSchedules();
  return useInfiniteQuery(schedulesListQuery(search));
}

/** The schedule was saved but a file did not attach: `schedule` is how it stands, `cause` why. */
export class ScheduleUploadError extends Error {
  constructor(
    readonly schedule: ScheduleDto,
    override readonly cause: unknown,
  ) {
    super('schedule saved, attachment failed');
  }
}

/**
 * Attaches files to a saved schedule: for each, ask for a presigned PUT, upload straight to storage,
 * then confirm with the key (schemas/schedules.ts). One after the other, so a refusal stops the rest.
 */
export async function uploadScheduleFiles(saved: ScheduleDto, files: File[]): Promise<ScheduleDto> {
  let latest = saved;
  const path = `/schedules/${encodeURIComponent(saved.id)}/media-upload`;
  for (const file of files) {
    const spec = { fileName: file.name, mimetype: file.type || 'application/octet-stream', size: file.size };
    try {
      const asked = await apiPost<ScheduleMediaUploadAnswer>(path, { typeArch: 'schedule', file: spec });
      await putToStorage(asked.upload!, file);
      const confirm = { typeArch: 'schedule', file: spec, key: asked.upload!.key };
      latest = (await apiPost<ScheduleMediaUploadAnswer>(path, confirm)).schedule;
    } catch (err) {
      throw new ScheduleUploadError(latest, err);
    }
  }
  return latest;
}

export interface SaveScheduleInput {
  id?: string;
  input: CreateScheduleInput | UpdateScheduleInput;
  /** New files to attach once the schedule is saved. */
  files?: File[];
}

export function useSaveSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, files = [] }: SaveScheduleInput) => {
      const saved = id
        ? await apiPut<ScheduleDto>(`/schedules/${encodeURIComponent(id)}`, input)
        : await apiPost<ScheduleDto>('/schedules', input);
      return files.length ? uploadScheduleFiles(saved, files) : saved;
    },
    onSettled: () => client.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

export function useDeleteSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<void>(`/schedules/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

export function useRemoveScheduleMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, originalName }: { id: string; originalName: string }) =>
      apiDelete<ScheduleDto>(`/schedules/${encodeURIComponent(id)}/media-upload`, undefined, { originalName }),
    onSuccess: () => client.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
