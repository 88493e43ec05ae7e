/**
 * The Tags page's API (spec part 3 §7 "Tags"): a page by name with search, create, edit, delete, and
 * live changes on `company-{id}-tag`.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTagInput, TagDto, TagListAnswer, UpdateTagInput } from '@atende/shared';
import { apiDelete, apiPost, apiPut } from '@/lib/api-client';
import { searchPagesQuery } from '@/lib/search-pages';
import { useRealtime } from '@/lib/realtime';

/** Hierarchical keys: invalidating `tagKeys.all` refreshes every list on screen. */
export const tagKeys = {
  all: ['tags-page'] as const,
  list: (search: string) => [...tagKeys.all, 'list', { search }] as const,
};

export const tagsListQuery = (search: string) => searchPagesQuery<TagListAnswer>(tagKeys.list(search), '/tags', search);

/** Any console's change (a tag saved, deleted, or counted on a ticket elsewhere) re-reads the lists. */
export function useTagsList(search: string) {
  const client = useQueryClient();
  useRealtime('tag', () => void client.invalidateQueries({ queryKey: tagKeys.all }));
  // A ticket gaining or losing a tag moves its counts.
  useRealtime('ticket', (data) => {
    if (data.action === 'tagUpdate' || data.action === 'delete') void client.invalidateQueries({ queryKey: tagKeys.all });
  });
  return useInfiniteQuery(tagsListQuery(search));
}

export function useSaveTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: CreateTagInput | UpdateTagInput }) =>
      id ? apiPut<TagDto>(`/tags/${encodeURIComponent(id)}`, input) : apiPost<TagDto>('/tags', input),
    onSettled: () => client.invalidateQueries({ queryKey: tagKeys.all }),
  });
}

export function useDeleteTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<void>(`/tags/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: tagKeys.all }),
  });
}
