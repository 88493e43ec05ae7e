/**
 * Quick replies (spec part 3 §7 "Quick replies"): the list (the company's and the caller's own),
 * save, delete, and attachments through presigned uploads; live on `company-{id}-quickmessage`.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateQuickMessageInput,
  QuickMessageDto,
  QuickMessageMediaUploadAnswer,
  UpdateQuickMessageInput,
} from '@atende/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';
import { putToStorage } from '@/lib/attachments';
import { useRealtime } from '@/lib/realtime';

/**
 * The ticket composer caches the same list under `['quick-messages', 'list', userId]`: invalidating
 * the `quick-messages` root refreshes the '/' suggestions too.
 */
export const quickMessageKeys = {
  all: ['quick-messages'] as const,
  page: () => [...quickMessageKeys.all, 'page'] as const,
};

export function useQuickMessagesList() {
  const client = useQueryClient();
  useRealtime('quickMessage', () => void client.invalidateQueries({ queryKey: quickMessageKeys.all }));
  return useQuery({
    queryKey: quickMessageKeys.page(),
    queryFn: () => apiGet<QuickMessageDto[]>('/quick-messages/list'),
  });
}

/** The reply was saved but a file did not attach: `record` is how it stands, `cause` why. */
export class QuickMessageUploadError extends Error {
  constructor(
    readonly record: QuickMessageDto,
    override readonly cause: unknown,
  ) {
    super('quick message saved, attachment failed');
  }
}

/** Ask for a presigned PUT, upload straight to storage, confirm with the key; one file after another. */
export async function uploadQuickMessageFiles(saved: QuickMessageDto, files: File[]): Promise<QuickMessageDto> {
  let latest = saved;
  const path = `/quick-messages/${encodeURIComponent(saved.id)}/media-upload`;
  for (const file of files) {
    const spec = { fileName: file.name, mimetype: file.type || 'application/octet-stream', size: file.size };
    try {
      const asked = await apiPost<QuickMessageMediaUploadAnswer>(path, { typeArch: 'quickMessage', file: spec });
      await putToStorage(asked.upload!, file);
      latest = (await apiPost<QuickMessageMediaUploadAnswer>(path, { file: spec, key: asked.upload!.key })).record;
    } catch (err) {
      throw new QuickMessageUploadError(latest, err);
    }
  }
  return latest;
}

export interface SaveQuickMessageInput {
  id?: string;
  input: CreateQuickMessageInput | UpdateQuickMessageInput;
  files?: File[];
}

export function useSaveQuickMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, files = [] }: SaveQuickMessageInput) => {
      const saved = id
        ? await apiPut<QuickMessageDto>(`/quick-messages/${encodeURIComponent(id)}`, input)
        : await apiPost<QuickMessageDto>('/quick-messages', input);
      return files.length ? uploadQuickMessageFiles(saved, files) : saved;
    },
    onSettled: () => client.invalidateQueries({ queryKey: quickMessageKeys.all }),
  });
}

export function useDeleteQuickMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<void>(`/quick-messages/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: quickMessageKeys.all }),
  });
}

export function useRemoveQuickMessageMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, originalName }: { id: string; originalName: string }) =>
      apiDelete<QuickMessageDto>(`/quick-messages/${encodeURIComponent(id)}/media-upload`, undefined, { originalName }),
    onSuccess: () => client.invalidateQueries({ queryKey: quickMessageKeys.all }),
  });
}
