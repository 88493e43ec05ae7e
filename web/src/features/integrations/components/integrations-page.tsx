import { Box, Text } from '@chakra-ui/react';
import { mayManageIntegrations, type QueueIntegrationDto } from '@atende/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlug } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ListCard } from '@/components/list-card';
import { PageHeader } from '@/components/page-header';
import { SearchAndAdd } from '@/components/search-and-add';
import { useDebouncedSearch } from '@/hooks/use-debounced-search';
import { useDeleteConfirmation } from '@/hooks/use-delete-confirmation';
import { useSession } from '@/hooks/use-session';
import { useDeleteIntegration, useIntegrationsList } from '../api/queue-integrations';
import { useIntegrationEvents } from '../hooks/use-integration-events';
import { IntegrationFormDialog } from './integration-form-dialog';
import { IntegrationsTable } from './integrations-table';
import { INTEGRATIONS_NS } from '../i18n';

type DialogState = { integrationId?: string } | null;

/** /integrations (spec part 2 §2 "Integrations screen"): admins of a plan with useIntegration (the shared policy). */
export function IntegrationsPage() {
  const { t } = useTranslation(INTEGRATIONS_NS);
  const { viewer, company, isSuper } = useSession();
  const allowed = !!viewer && mayManageIntegrations(viewer, isSuper ? { useIntegration: true } : company?.plan);
  // Spec part 2 §2: the search input is lower-cased (as typed); §9: 500 ms debounce. A new search starts a new list.
  const { input: searchInput, setInput: setSearchInput, search } = useDebouncedSearch();
  const list = useIntegrationsList(search, allowed);
  const integrations = list.data?.pages.flatMap((page) => page.queueIntegrations) ?? [];
  const [dialog, setDialog] = useState<DialogState>(null);
  const remove = useDeleteIntegration();
  const deletion = useDeleteConfirmation({
    remove: (integration: QueueIntegrationDto) => remove.mutateAsync(integration.id),
    pending: remove.isPending,
    done: t('deleted'),
  });
  useIntegrationEvents(allowed);

  if (!allowed) {
    return (
      <Box>
        <PageHeader title={t('title')} />
        <EmptyState icon={<LuPlug />} title={t('unavailable')} description={t('unavailableText')} />
      </Box>
    );
  }

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
      <ListCard
        list={list}
        count={integrations.length}
        scrollTestId="integrations-scroll"
        empty={{
          icon: <LuPlug />,
          title: t('empty'),
          description: search ? t('emptySearch', { search }) : t('emptyText'),
          addLabel: t('add'),
          onAdd: search ? undefined : () => setDialog({}),
        }}
        footer={
          <Box px="4" py="2" borderTopWidth="1px" bg="bg.subtle">
            <Text fontSize="sm" color="fg.muted" data-testid="integrations-total">
              {t('total', { count: integrations.length })}
            </Text>
          </Box>
        }
      >
        <IntegrationsTable
          integrations={integrations}
          onEdit={(integration) => setDialog({ integrationId: integration.id })}
          onDelete={deletion.ask}
        />
      </ListCard>
      <IntegrationFormDialog open={dialog !== null} integrationId={dialog?.integrationId} onClose={() => setDialog(null)} />
      <ConfirmDialog
        {...deletion.dialog}
        title={t('deleteTitle', { name: deletion.target?.name ?? '' })}
        confirmLabel={t('common.delete')}
        destructive
      >
        {t('deleteText')}
      </ConfirmDialog>
    </Box>
  );
}
