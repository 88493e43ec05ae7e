import { Box, Button, Card } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus } from 'react-icons/lu';
import { useLoadMore } from '@/hooks/use-load-more';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { LoadingMore } from './loading-more';
import { LoadingState } from './loading-state';

/** A list's query: a plain one, or an infinite one (then the rows scroll in page by page). */
export interface ListCardQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => unknown;
}

/** What an empty list says; with `onAdd`, a button to add the first record. */
export interface ListCardEmpty {
  icon: ReactNode;
  title: string;
  description: string;
  addLabel?: string;
  onAdd?: () => void;
  testId?: string;
}

interface ListCardProps {
  list: ListCardQuery;
  /** How many rows are on screen; none shows the empty state. */
  count: number;
  empty: ListCardEmpty;
  /** The rows (a table). */
  children: ReactNode;
  scrollTestId?: string;
  /** Under the scrolled rows, inside the card (e.g. a total). */
  footer?: ReactNode;
}

const NO_MORE = { hasNextPage: false, isFetchingNextPage: false, fetchNextPage: () => undefined };

/**
 * The list pages' card: loading, error (with retry), empty and the rows in a scroll box; an infinite
 * query loads its next page when the end of the rows comes within 100 px (useLoadMore).
 */
export function ListCard({ list, count, empty, children, scrollTestId, footer }: ListCardProps) {
  const { t } = useTranslation();
  const infinite = list.fetchNextPage !== undefined;
  const sentinel = useLoadMore(
    infinite
      ? {
          hasNextPage: Boolean(list.hasNextPage),
          isFetchingNextPage: Boolean(list.isFetchingNextPage),
          fetchNextPage: list.fetchNextPage ?? NO_MORE.fetchNextPage,
        }
      : NO_MORE,
  );

  let content;
  if (list.isPending) content = <LoadingState label={t('common.loading')} minH="64" />;
  else if (list.isError) content = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (!count)
    content = (
      <Box py="12" data-testid={empty.testId}>
        <EmptyState
          icon={empty.icon}
          title={empty.title}
          description={empty.description}
          action={
            empty.onAdd ? (
              <Button size="sm" onClick={empty.onAdd}>
                <LuPlus />
                {empty.addLabel}
              </Button>
            ) : null
          }
        />
      </Box>
    );
  else
    content = infinite ? (
      <>
        {children}
        <div ref={sentinel} />
        <LoadingMore show={Boolean(list.isFetchingNextPage)} />
      </>
    ) : (
      children
    );

  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" overflow="hidden">
      <Box overflow="auto" maxH="calc(100dvh - 14rem)" data-testid={scrollTestId}>
        {content}
      </Box>
      {footer}
    </Card.Root>
  );
}
