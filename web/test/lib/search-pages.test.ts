import { afterEach, describe, expect, it, vi } from 'vitest';
import * as api from '@/lib/api-client';
import { searchPagesQuery } from '@/lib/search-pages';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('searchPagesQuery', () => {
  const query = searchPagesQuery<{ rows: string[]; hasMore: boolean; cursor?: string }>(['x', 'list'], '/x', 'ana');
  const next = (last: { hasMore: boolean; cursor?: string }, pageNumber: number) =>
    query.getNextPageParam({ rows: [], ...last }, [], { pageNumber }, []);

  it('asks the path for a page of the search, starting at page 1', async () => {
    const get = vi.spyOn(api, 'apiGet').mockResolvedValue({ rows: [], hasMore: false });
    expect(query.initialPageParam).toEqual({ pageNumber: 1 });
    await query.queryFn!({ pageParam: { cursor: 'c1', pageNumber: 2 } } as never);
    expect(get).toHaveBeenCalledWith('/x', { searchParam: 'ana', cursor: 'c1', pageNumber: 2 });
  });

  it('goes on from the cursor while there is more, and stops at the end or without a cursor', () => {
    expect(next({ hasMore: true, cursor: 'c2' }, 1)).toEqual({ cursor: 'c2', pageNumber: 2 });
    expect(next({ hasMore: false, cursor: 'c2' }, 1)).toBeUndefined();
    expect(next({ hasMore: true }, 1)).toBeUndefined();
  });
});
