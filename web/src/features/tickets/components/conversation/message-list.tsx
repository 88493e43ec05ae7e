import { Badge, Box, Center, Spinner } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { flattenMessages, useMessages } from '../../api/messages';
import type { Message } from '../../api/types';
import { usePinnedToNewest } from '../../hooks/use-pinned-to-newest';
import { messageDay } from '../../lib/list-time';
import { MessageBubble, type MessageBubbleProps } from './message-bubble';

/** The older page loads within 50 px of the top (spec part 1 §9). */
const LOAD_OLDER_THRESHOLD_PX = 50;

type Row = { kind: 'day'; key: string; day: string } | { kind: 'message'; key: string; message: Message };

export function toRows(messages: Message[]): Row[] {
  const rows: Row[] = [];
  let lastDay = '';
  for (const message of messages) {
    const day = messageDay(message.createdAt);
    if (day !== lastDay) {
      rows.push({ kind: 'day', key: `day-${day}`, day });
      lastDay = day;
    }
    rows.push({ kind: 'message', key: message.id, message });
  }
  return rows;
}

interface MessageListProps {
  ticketId: string;
  onReply?: (message: Message) => void;
  /** Returns whether this message may be deleted by the viewer. */
  canDelete?: (message: Message) => boolean;
  onDelete?: (message: Message) => void;
}

/**
 * The conversation, virtualised (long chats scroll smoothly), newest at the bottom, older pages above.
 * It opens at the newest message and stays pinned there while bubbles and media settle, until the
 * reader scrolls up (`usePinnedToNewest`). Keyed by ticket.
 */
export function MessageList({ ticketId, onReply, canDelete, onDelete }: MessageListProps) {
  const { t } = useTranslation('tickets');
  const query = useMessages(ticketId);
  const rows = useMemo(() => toRows(flattenMessages(query.data)), [query.data]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const firstKey = useRef<string | null>(null);
  const lastKey = useRef<string | null>(null);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.kind === 'day' ? 36 : 64),
    overscan: 10,
    getItemKey: (index) => rows[index]?.key ?? index,
    initialRect: { width: 600, height: 800 },
  });
  // After the virtualizer: its first layout effect writes its own offset (0) to the element it attaches.
  const showsList = !query.isPending && !query.isError && rows.length > 0;
  const { onScroll: trackReader, pin, isPinned } = usePinnedToNewest(scrollRef, contentRef, showsList);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    trackReader();
    if (el.scrollTop <= LOAD_OLDER_THRESHOLD_PX && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [trackReader, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Keep the reader's place when older messages arrive above; a new one at the bottom is followed when
  // the view is pinned there, and always when it is the reader's own.
  useLayoutEffect(() => {
    if (rows.length === 0) return;
    const newFirst = rows[0]!.key;
    const newLast = rows[rows.length - 1]!.key;
    const previousFirst = firstKey.current;
    const previousLast = lastKey.current;
    firstKey.current = newFirst;
    lastKey.current = newLast;
    if (previousFirst === null) return; // the first screen: usePinnedToNewest opens it at the newest message
    if (previousFirst !== newFirst) {
      const anchor = rows.findIndex((row) => row.key === previousFirst);
      if (anchor > 0) virtualizer.scrollToIndex(anchor, { align: 'start' });
    }
    if (previousLast !== newLast) {
      const last = rows[rows.length - 1]!;
      const mine = last.kind === 'message' && last.message.fromMe;
      if (mine || isPinned()) pin();
    }
  }, [rows, virtualizer, pin, isPinned]);

  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (rows.length === 0) {
    return (
      <Center flex="1">
        <EmptyState title={t('messages.empty')} />
      </Center>
    );
  }
  const bubbleProps = (message: Message): Pick<MessageBubbleProps, 'onReply' | 'onDelete'> => ({
    onReply,
    onDelete: onDelete && canDelete?.(message) ? onDelete : undefined,
  });
  return (
    <Box
      ref={scrollRef}
      onScroll={onScroll}
      flex="1"
      minH="0"
      overflowY="auto"
      px={{ base: '2', md: '6' }}
      data-testid="message-list"
    >
      {isFetchingNextPage ? (
        <Center py="2" aria-label={t('messages.loadingOlder')}>
          <Spinner size="sm" />
        </Center>
      ) : null}
      {/* Sizes and offsets change on every measure: inline styles, not a generated class per value. */}
      <Box
        ref={contentRef}
        position="relative"
        style={{ height: `${virtualizer.getTotalSize()}px` }}
        data-testid="message-list-content"
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          return (
            <Box
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              position="absolute"
              top="0"
              left="0"
              w="full"
              style={{ transform: `translateY(${item.start}px)` }}
              py="1"
              display="flex"
              flexDirection="column"
            >
              {row.kind === 'day' ? (
                <Center>
                  <Badge variant="surface" colorPalette="gray" size="sm" data-testid="day-separator">
                    {row.day}
                  </Badge>
                </Center>
              ) : (
                <MessageBubble message={row.message} {...bubbleProps(row.message)} />
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
