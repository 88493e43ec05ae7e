/**
 * The Tags page's API (spec part 3 §7 "Tags"): a page by name with search, create, edit, delete, and
 * live changes on `company-{id}-tag`.
 */
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTagInput, TagDto, TagListAnswer, UpdateTagInput } from '@atende/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';
import { useRealtime } from '@/lib/realtime';

/** Hierarchical keys: invalidating `tagKeys.all` refreshes every list on screen. */
export const tagKeys = {
  all: ['tags-page'] as const,
  list: (search: string) => [...tagKeys.all, 'list', { search }] as const,
};

interface PageParam {
  cursor?: string;
  pageNumber: number;
}

export const tagsListQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: tagKeys.list(search),
    queryFn: ({ pageParam }) =>
      apiGet<TagListAnswer>('/tags', { searchParam: search, cursor: pageParam.cursor, pageNumber: pageParam.pageNumber }),
    initialPageParam: { pageNumber: 1 } as PageParam,
    getNextPageParam: (last, _all, previous): PageParam | undefined =>
      last.hasMore && last.cursor ? { cursor: last.cursor, pageNumber: previous.pageNumber + 1 } : undefined,
  });

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
