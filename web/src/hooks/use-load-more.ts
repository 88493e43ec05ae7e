import { useEffect, useRef } from 'react';

/** Spec part 2 §9: the next page loads within 100 px of the bottom. */
export const LOAD_MORE_MARGIN_PX = 100;

/**
 * Infinite scroll by a sentinel placed after the last row: when it comes within 100 px of the
 * viewport the next page loads. A first page shorter than the screen keeps the sentinel visible,
 * so pages keep coming until it is pushed out or the list ends.
 */
export function useLoadMore(options: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const { hasNextPage, isFetchingNextPage, fetchNextPage } = latest.current;
        if (entries.some((entry) => entry.isIntersecting) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: `0px 0px ${LOAD_MORE_MARGIN_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [options.hasNextPage, options.isFetchingNextPage]);
  return sentinel;
}
