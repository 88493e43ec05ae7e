import { Box, Center, Spinner } from '@chakra-ui/react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import type { TicketDto, TicketsPage } from '../../api/types';
import { TicketRow, type TicketRowProps } from './ticket-row';

/** Row height is fixed so the virtualizer needs no measuring pass. */
export const TICKET_ROW_PX = 84;
/** The next page loads within 100 px of the bottom (spec part 1 §9). */
const LOAD_MORE_THRESHOLD_PX = 100;

interface TicketListProps extends Omit<TicketRowProps, 'ticket' | 'selected' | 'accepting'> {
  query: UseInfiniteQueryResult<InfiniteData<TicketsPage>>;
  selectedUuid?: string;
  acceptingId?: string | null;
}

export function TicketList({ query, selectedUuid, acceptingId, ...rowProps }: TicketListProps) {
  const { t } = useTranslation('tickets');
  const scrollRef = useRef<HTMLDivElement>(null);
  const tickets = useMemo<TicketDto[]>(() => query.data?.pages.flatMap((page) => page.tickets) ?? [], [query.data]);
  const virtualizer = useVirtualizer({
    count: tickets.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => TICKET_ROW_PX,
    overscan: 8,
    getItemKey: (index) => tickets[index]?.id ?? index,
    // jsdom has no layout: render a first screenful there too.
    initialRect: { width: 360, height: 800 },
  });

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const onScroll = () => {
    const el = scrollRef.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= LOAD_MORE_THRESHOLD_PX) void fetchNextPage();
  };
  // A first page shorter than the viewport cannot be scrolled: ask for the next one straight away.
  useEffect(() => {
    const el = scrollRef.current;
    if (el && hasNextPage && !isFetchingNextPage && el.scrollHeight <= el.clientHeight) void fetchNextPage();
  }, [tickets.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (tickets.length === 0) {
    return (
      <Center h="full" px="4">
        <EmptyState title={t('list.empty')} description={t('list.emptyText')} />
      </Center>
    );
  }
  return (
    <Box ref={scrollRef} onScroll={onScroll} h="full" overflowY="auto" data-testid="ticket-list">
      <Box position="relative" h={`${virtualizer.getTotalSize()}px`}>
        {virtualizer.getVirtualItems().map((item) => {
          const ticket = tickets[item.index]!;
          return (
            <Box
              key={item.key}
              position="absolute"
              top="0"
              left="0"
              w="full"
              h={`${item.size}px`}
              transform={`translateY(${item.start}px)`}
            >
              <TicketRow
                ticket={ticket}
                selected={ticket.uuid === selectedUuid}
                accepting={acceptingId === ticket.id}
                {...rowProps}
              />
            </Box>
          );
        })}
      </Box>
      {isFetchingNextPage ? (
        <Center py="3" aria-label={t('list.loadingMore')}>
          <Spinner size="sm" />
        </Center>
      ) : null}
    </Box>
  );
}
