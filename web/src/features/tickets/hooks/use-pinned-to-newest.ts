import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';

/** Within this distance of the bottom the reader is at the newest message (and stays there). */
export const PINNED_TO_NEWEST_PX = 120;

/**
 * A conversation opens at its newest message and stays there while its height settles — bubbles
 * measured after the first estimate, images and videos that load after the first scroll, a composer
 * or keyboard that resizes the viewport — until the reader scrolls up; scrolling back to the bottom
 * pins it again. It follows every change of the content's and the viewport's size (ResizeObserver),
 * so no late load leaves it short of the bottom.
 *
 * `ready` turns true once `scrollRef` and `contentRef` are mounted (the first messages are shown).
 * The list calls `onScroll` from its scroll handler and `pin` when the reader's own message arrives.
 */
export function usePinnedToNewest(
  scrollRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
  ready: boolean,
) {
  const pinned = useRef(true);
  const lastTop = useRef(0);

  const toNewest = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight; // the browser clamps it to the bottom
    lastTop.current = el.scrollTop;
  }, [scrollRef]);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    const content = contentRef.current;
    if (!ready || !el || !content) return;
    if (pinned.current) toNewest();
    const observer = new ResizeObserver(() => {
      if (pinned.current) toNewest();
    });
    observer.observe(content);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ready, scrollRef, contentRef, toNewest]);

  /**
   * Only the reader moves the view up: content that grows or is measured never lowers scrollTop at
   * the bottom (the virtualizer's corrections for rows above keep the distance to the bottom).
   */
  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const top = el.scrollTop;
    if (el.scrollHeight - top - el.clientHeight <= PINNED_TO_NEWEST_PX) pinned.current = true;
    else if (top < lastTop.current) pinned.current = false;
    lastTop.current = top;
  }, [scrollRef]);

  const pin = useCallback(() => {
    pinned.current = true;
    toNewest();
  }, [toNewest]);

  const isPinned = useCallback(() => pinned.current, []);

  return { onScroll, pin, isPinned };
}
