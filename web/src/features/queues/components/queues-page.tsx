import { Box, Button, Card } from '@chakra-ui/react';
import { mayManageQueues, type QueueDto } from '@atende/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuListTree, LuPlus } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { queueOptionsQuery } from '@/entities/queue';
import { useDeleteConfirmation } from '@/hooks/use-delete-confirmation';
import { useSession } from '@/hooks/use-session';
import { useRealtime } from '@/lib/realtime';
import { menuKeys } from '../api/queue-options';
import { queueKeys, useDeleteQueue, useQueueIntegrations, useQueues } from '../api/queues';
import { QueueDialog } from './queue-dialog';
import { QueuesTable } from './queues-table';
import { QUEUES_NS } from '../i18n';

type DialogState = { queueId?: string } | null;

/**
 * /queues (spec part 3 §2 "Queues page"): the company's queues, live on `company-<cid>-queue`; add,
 * edit (with the menu options) and delete after confirmation. What the policy does not allow is hidden.
 */
export function QueuesPage() {
  const { t } = useTranslation(QUEUES_NS);
  const client = useQueryClient();
  const { viewer, company } = useSession();
  const canManage = !!viewer && mayManageQueues(viewer);
  const list = useQueues();
  const integrations = useQueueIntegrations(company?.plan?.useIntegration === true);
  const [dialog, setDialog] = useState<DialogState>(null);
  const remove = useDeleteQueue();
  const deletion = useDeleteConfirmation<QueueDto>({
    remove: (queue) => remove.mutateAsync(queue.id),
    pending: remove.isPending,
    done: t('deleted'),
  });

  // A queue changed, or its menu (the API publishes a queue update then): lists, details and menus refresh.
  useRealtime('queue', () => {
    void client.invalidateQueries({ queryKey: queueKeys.all });
    void client.invalidateQueries({ queryKey: menuKeys.all });
    void client.invalidateQueries({ queryKey: queueOptionsQuery().queryKey });
  });

  const names = new Map((integrations.data ?? []).map((i) => [i.id, i.name]));
  const add = canManage ? () => setDialog({}) : undefined;

  let content;
  if (list.isPending) content = <LoadingState label={t('common.loading')} minH="64" />;
  else if (list.isError) content = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.length === 0)
    content = (
      <Box py="12">
        <EmptyState
          icon={<LuListTree />}
          title={t('empty')}
          description={t('emptyText')}
          action={
            add ? (
              <Button size="sm" onClick={add}>
                <LuPlus />
                {t('add')}
              </Button>
            ) : null
          }
        />
      </Box>
    );
  else
    content = (
      <QueuesTable
        queues={list.data}
        integrationNames={names}
        onEdit={(queue) => setDialog({ queueId: queue.id })}
        onDelete={canManage ? deletion.ask : undefined}
      />
    );

  return (
    <Box>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          add ? (
            <Button colorPalette="brand" onClick={add} data-testid="add-queue">
              <LuPlus />
              {t('add')}
            </Button>
          ) : null
        }
      />
      <Card.Root overflow="hidden">
        <Box overflowX="auto">{content}</Box>
      </Card.Root>
      <QueueDialog open={dialog !== null} queueId={dialog?.queueId} onClose={() => setDialog(null)} />
      <ConfirmDialog
        {...deletion.dialog}
        destructive
        title={t('deleteTitle', { name: deletion.target?.name ?? '' })}
        confirmLabel={t('yes')}
        cancelLabel={t('no')}
      >
        {t('deleteText')}
      </ConfirmDialog>
    </Box>
  );
}
