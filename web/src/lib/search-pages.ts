/**
 * A searched list read a page at a time by cursor (the console's list pages: GET <path>?searchParam
 * &cursor&pageNumber). The next page is asked for only while the server says there is more and
 * hands a cursor to continue from.
 */
import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { apiGet } from './api-client';

export interface SearchPageParam {
  cursor?: string;
  pageNumber: number;
}

/** What every searched list answers besides its rows. */
export interface SearchPageAnswer {
  hasMore: boolean;
  cursor?: string | null;
}

/** The infinite query of `path` searched by `search`, under `queryKey`. */
export const searchPagesQuery = <A extends SearchPageAnswer>(queryKey: QueryKey, path: string, search: string) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) =>
      apiGet<A>(path, { searchParam: search, cursor: pageParam.cursor, pageNumber: pageParam.pageNumber }),
    initialPageParam: { pageNumber: 1 } as SearchPageParam,
    getNextPageParam: (last, _all, previous): SearchPageParam | undefined =>
      last.hasMore && last.cursor ? { cursor: last.cursor, pageNumber: previous.pageNumber + 1 } : undefined,
  });
