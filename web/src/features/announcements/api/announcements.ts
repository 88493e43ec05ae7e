import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { AnnouncementDto, AnnouncementInput, AnnouncementRealtimeData } from '@atende/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';

export interface AnnouncementPage {
  records: AnnouncementDto[];
  hasMore: boolean;
  cursor?: string;
}

export const announcementKeys = {
  all: ['announcements'] as const,
  lists: () => [...announcementKeys.all, 'list'] as const,
  list: (search: string) => [...announcementKeys.lists(), { search }] as const,
};

interface PageParam {
  cursor?: string;
  pageNumber: number;
}

export const announcementsQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: announcementKeys.list(search),
    queryFn: ({ pageParam }) =>
      apiGet<AnnouncementPage>('/announcements', {
        searchParam: search,
        cursor: pageParam.cursor,
        pageNumber: pageParam.pageNumber,
      }),
    initialPageParam: { pageNumber: 1 } as PageParam,
    getNextPageParam: (last, _all, previous): PageParam | undefined =>
      last.hasMore ? { cursor: last.cursor, pageNumber: previous.pageNumber + 1 } : undefined,
  });
export const useAnnouncements = (search = '') => useInfiniteQuery(announcementsQuery(search));

/** A live change patches the first page in place (creates on top); other pages refetch lazily. */
export function applyAnnouncementEvent(client: QueryClient, data: AnnouncementRealtimeData): void {
  client.setQueriesData<{ pages: AnnouncementPage[]; pageParams: unknown[] }>(
    { queryKey: announcementKeys.lists() },
    (cache) => {
      if (!cache) return cache;
      const pages = cache.pages.map((page) => ({
        ...page,
        records: page.records.filter((record) => record.id !== (data.action === 'delete' ? data.id : data.record.id)),
      }));
      if (data.action !== 'delete' && pages[0]) pages[0] = { ...pages[0], records: [data.record, ...pages[0].records] };
      return { ...cache, pages };
    },
  );
}

export function useSaveAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AnnouncementInput }) =>
      id
        ? apiPut<AnnouncementDto>(`/announcements/${encodeURIComponent(id)}`, input)
        : apiPost<AnnouncementDto>('/announcements', input),
    onSuccess: () => client.invalidateQueries({ queryKey: announcementKeys.lists() }),
  });
}

export function useDeleteAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<void>(`/announcements/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: announcementKeys.lists() }),
  });
}

export const uploadAnnouncementImage = (
  id: string,
  input: { fileName: string; contentType: 'image/png' | 'image/jpeg'; file: string },
) => apiPost<AnnouncementDto>(`/announcements/${encodeURIComponent(id)}/media-upload`, input);
export const removeAnnouncementImage = (id: string) =>
  apiDelete<AnnouncementDto>(`/announcements/${encodeURIComponent(id)}/media-upload`);
