import { Box, Button, Card, Text } from '@chakra-ui/react';
import { mayManageIntegrations, SEARCH_DEBOUNCE_MS, type QueueIntegrationDto } from '@atende/shared';
import { useCallback, useEffect, useRef, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlug, LuPlus } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingMore } from '@/components/loading-more';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { SearchAndAdd } from '@/components/search-and-add';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useSession } from '@/hooks/use-session';
import { notify } from '@/lib/toaster';
import { useDeleteIntegration, useIntegrationsList } from '../api/queue-integrations';
import { useIntegrationEvents } from '../hooks/use-integration-events';
import { IntegrationFormDialog } from './integration-form-dialog';
import { IntegrationsTable } from './integrations-table';
import { INTEGRATIONS_NS } from '../i18n';

/** Spec part 2 §9: the next page loads within 100 px of the bottom. */
const INFINITE_SCROLL_THRESHOLD_PX = 100;

type DialogState = { integrationId?: string } | null;

/** /integrations (spec part 2 §2 "Integrations screen"): admins of a plan with useIntegration (the shared policy). */
export function IntegrationsPage() {
  const { t } = useTranslation(INTEGRATIONS_NS);
  const { viewer, company, isSuper } = useSession();
  const allowed = !!viewer && mayManageIntegrations(viewer, isSuper ? { useIntegration: true } : company?.plan);
  const [searchInput, setSearchInput] = useState('');
  // Spec part 2 §2: the search input is lower-cased; §9: 500 ms debounce. A new search starts a new list.
  const search = useDebouncedValue(searchInput.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  const list = useIntegrationsList(search, allowed);
  const integrations = list.data?.pages.flatMap((page) => page.queueIntegrations) ?? [];
  const [dialog, setDialog] = useState<DialogState>(null);
  const [toDelete, setToDelete] = useState<QueueIntegrationDto | null>(null);
  const remove = useDeleteIntegration();
  const scrollRef = useRef<HTMLDivElement>(null);
  useIntegrationEvents(allowed);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMoreIfNearBottom = useCallback(
    (element: HTMLElement) => {
      const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
      if (distance < INFINITE_SCROLL_THRESHOLD_PX && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );
  useEffect(() => {
    if (scrollRef.current) loadMoreIfNearBottom(scrollRef.current);
  }, [integrations.length, loadMoreIfNearBottom]);

  if (!allowed) {
    return (
      <Box>
        <PageHeader title={t('title')} />
        <EmptyState icon={<LuPlug />} title={t('unavailable')} description={t('unavailableText')} />
      </Box>
    );
  }

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      notify.success(t('deleted'));
      setToDelete(null);
    } catch (error) {
      notify.error(error);
    }
  };

  let content;
  if (list.isPending) content = <LoadingState label={t('common.loading')} minH="64" />;
  else if (list.isError) content = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (integrations.length === 0)
    content = (
      <Box py="12">
        <EmptyState
          icon={<LuPlug />}
          title={t('empty')}
          description={search ? t('emptySearch', { search }) : t('emptyText')}
          action={
            search ? null : (
              <Button size="sm" onClick={() => setDialog({})}>
                <LuPlus />
                {t('add')}
              </Button>
            )
          }
        />
      </Box>
    );
  else
    content = (
      <>
        <IntegrationsTable
          integrations={integrations}
          onEdit={(integration) => setDialog({ integrationId: integration.id })}
          onDelete={setToDelete}
        />
        <LoadingMore show={isFetchingNextPage} />
      </>
    );

  return (
    <Box>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <SearchAndAdd
            searchLabel={t('searchPlaceholder')}
            search={searchInput}
            onSearch={(value) => setSearchInput(value.toLowerCase())}
            addLabel={t('add')}
            onAdd={() => setDialog({})}
            testIdPrefix="integrations"
          />
        }
      />
      <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" overflow="hidden">
        <Box
          ref={scrollRef}
          data-testid="integrations-scroll"
          overflow="auto"
          maxH="calc(100dvh - 14rem)"
          onScroll={(event: UIEvent<HTMLDivElement>) => loadMoreIfNearBottom(event.currentTarget)}
        >
          {content}
        </Box>
        <Box px="4" py="2" borderTopWidth="1px" bg="bg.subtle">
          <Text fontSize="sm" color="fg.muted" data-testid="integrations-total">
            {t('total', { count: integrations.length })}
          </Text>
        </Box>
      </Card.Root>
      <IntegrationFormDialog open={dialog !== null} integrationId={dialog?.integrationId} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('deleteTitle', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common.delete')}
        destructive
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        {t('deleteText')}
      </ConfirmDialog>
    </Box>
  );
}
