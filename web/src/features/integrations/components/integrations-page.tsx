import { Box, Text } from '@chakra-ui/react';
import { mayManageIntegrations, type QueueIntegrationDto } from '@atende/shared';
import { useState } from 'react';
import { LuPlug } from 'react-icons/lu';
import { EmptyState } from '@/components/empty-state';
import { ListPage } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { useListPage } from '@/hooks/use-list-page';
import { useSession } from '@/hooks/use-session';
import { useDeleteIntegration, useIntegrationsList } from '../api/queue-integrations';
import { useIntegrationEvents } from '../hooks/use-integration-events';
import { IntegrationFormDialog } from './integration-form-dialog';
import { IntegrationsTable } from './integrations-table';
import { INTEGRATIONS_NS } from '../i18n';

type DialogState = { integrationId?: string } | null;

/** /integrations (spec part 2 §2 "Integrations screen"): admins of a plan with useIntegration (the shared policy). */
export function IntegrationsPage() {
  const { viewer, company, isSuper } = useSession();
  const allowed = !!viewer && mayManageIntegrations(viewer, isSuper ? { useIntegration: true } : company?.plan);
  const [dialog, setDialog] = useState<DialogState>(null);
  // Spec part 2 §2: the search input is lower-cased (as typed); §9: 500 ms debounce. A new search starts a new list.
  const page = useListPage<QueueIntegrationDto>({
    ns: INTEGRATIONS_NS,
    remove: useDeleteIntegration(),
    name: (integration) => integration.name,
    search: { labelKey: 'searchPlaceholder', lowerCase: true },
    confirmKey: 'common.delete',
    onAdd: () => setDialog({}),
  });
  const { t } = page;
  const list = useIntegrationsList(page.search, allowed);
  const integrations = list.data?.pages.flatMap((p) => p.queueIntegrations) ?? [];
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
    <ListPage
      {...page.page}
      testIdPrefix="integrations"
      list={list}
      count={integrations.length}
      scrollTestId="integrations-scroll"
      empty={{ icon: <LuPlug />, ...page.emptyTexts }}
      footer={
        <Box px="4" py="2" borderTopWidth="1px" bg="bg.subtle">
          <Text fontSize="sm" color="fg.muted" data-testid="integrations-total">
            {t('total', { count: integrations.length })}
          </Text>
        </Box>
      }
      dialogs={
        <IntegrationFormDialog
          open={dialog !== null}
          integrationId={dialog?.integrationId}
          onClose={() => setDialog(null)}
        />
      }
    >
      <IntegrationsTable
        integrations={integrations}
        onEdit={(integration) => setDialog({ integrationId: integration.id })}
        onDelete={page.askDelete}
      />
    </ListPage>
  );
}
