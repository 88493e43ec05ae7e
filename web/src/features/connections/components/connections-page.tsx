import { useCallback, useState } from 'react';
import { Badge, Box, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCable, LuPower } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { notify } from '@/lib/toaster';
import { useSession } from '@/hooks/use-session';
import {
  useConnections,
  useDeleteConnection,
  useRestartService,
  useSessionCommand,
  type Connection,
  type SessionCommand,
} from '../api/connections';
import { useConnectionsLiveSync } from '../hooks/use-connections-live-sync';
import { useSubscriptionCheck } from '../hooks/use-subscription-check';
import { connectionErrorText } from '../lib/error-text';
import { AddConnectionMenu } from './add-connection-menu';
import { ConnectionDialog } from './connection-dialog';
import { ConnectionsTable } from './connections-table';
import { QrCodeDialog } from './qr-code-dialog';
import { mayManageConnections, mayRestartAllSessions } from '@atende/shared';

type Confirming = { kind: 'delete' | 'disconnect'; connection: Connection } | null;

/** /connections (spec part 2 §2). */
export function ConnectionsPage() {
  const { t } = useTranslation('connections');
  const { viewer, policy } = useSession();
  // The one policy (shared/src/policy): who may not act sees the list only, never a button that ends in a 403.
  const canManage = viewer !== null && mayManageConnections(viewer, policy);
  const canRestartAll = viewer !== null && mayRestartAllSessions(viewer);
  useSubscriptionCheck();
  useConnectionsLiveSync();

  const connections = useConnections();
  const remove = useDeleteConnection();
  const sessionCommand = useSessionCommand();
  const restart = useRestartService();

  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const [qrFor, setQrFor] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [pendingById, setPendingById] = useState<Record<string, 'retry' | 'newQr' | undefined>>({});

  const closeQr = useCallback(() => setQrFor(null), []);

  const runSession = async (connection: Connection, command: SessionCommand) => {
    if (command !== 'disconnect') setPendingById((p) => ({ ...p, [connection.id]: command }));
    try {
      await sessionCommand.mutateAsync({ id: connection.id, command });
      // A new QR is on its way: show the dialog that will draw it (issue 8 item 17).
      if (command === 'newQr') setQrFor(connection.id);
      return true;
    } catch (error) {
      notify.error(connectionErrorText(error));
      return false;
    } finally {
      setPendingById((p) => ({ ...p, [connection.id]: undefined }));
    }
  };

  const onConfirm = async () => {
    if (!confirming) return;
    const { kind, connection } = confirming;
    if (kind === 'disconnect') {
      if (await runSession(connection, 'disconnect')) setConfirming(null);
      return;
    }
    try {
      await remove.mutateAsync(connection.id);
      notify.success(t('toasts.deleted'));
      setConfirming(null);
    } catch (error) {
      notify.error(connectionErrorText(error));
    }
  };

  const onRestart = async () => {
    try {
      const answer = await restart.mutateAsync();
      notify.info(typeof answer?.result === 'string' ? answer.result : JSON.stringify(answer?.result ?? t('restart.done')));
    } catch (error) {
      notify.error(connectionErrorText(error));
    }
  };

  const list = connections.data ?? [];
  const addWhatsapp = () => setEditing({ id: null });

  return (
    <Box>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            {canRestartAll ? (
              <Button variant="outline" onClick={() => void onRestart()} loading={restart.isPending}>
                <LuPower /> {t('restart.button')}
              </Button>
            ) : null}
            {canManage ? <AddConnectionMenu onAddWhatsapp={addWhatsapp} /> : null}
          </>
        }
      />

      {connections.isPending ? (
        <LoadingSkeleton />
      ) : connections.isError ? (
        <ErrorState error={connections.error} onRetry={() => void connections.refetch()} />
      ) : list.length === 0 ? (
        <Box borderWidth="1px" rounded="l3" bg="bg.panel" py="10">
          <EmptyState
            icon={<LuCable />}
            title={t('empty.title')}
            description={canManage ? t('empty.description') : t('empty.descriptionReadOnly')}
            action={canManage ? <AddConnectionMenu onAddWhatsapp={addWhatsapp} /> : undefined}
          />
        </Box>
      ) : (
        <Stack gap="3">
          <ConnectionsTable
            connections={list}
            pendingById={pendingById}
            canManage={canManage}
            onShowQr={(c) => setQrFor(c.id)}
            onRetry={(c) => void runSession(c, 'retry')}
            onNewQr={(c) => void runSession(c, 'newQr')}
            onDisconnect={(c) => setConfirming({ kind: 'disconnect', connection: c })}
            onEdit={(c) => setEditing({ id: c.id })}
            onDelete={(c) => setConfirming({ kind: 'delete', connection: c })}
          />
          <HStack justify="flex-end" color="fg.muted" textStyle="sm" gap="2">
            <Text>{t('total')}</Text>
            <Badge variant="surface" data-testid="connections-total">
              {list.length}
            </Badge>
          </HStack>
        </Stack>
      )}

      <ConnectionDialog
        open={editing !== null}
        connectionId={editing?.id ?? null}
        onClose={() => setEditing(null)}
        onCreated={(created) => setQrFor(created.id)}
      />
      <QrCodeDialog connectionId={qrFor} onClose={closeQr} />
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming?.kind === 'disconnect'
            ? t('confirm.disconnectTitle')
            : t('confirm.deleteTitle', { name: confirming?.connection.name ?? '' })
        }
        confirmLabel={confirming?.kind === 'disconnect' ? t('session.disconnect') : t('actions.delete')}
        destructive
        loading={remove.isPending || sessionCommand.isPending}
        onConfirm={() => void onConfirm()}
        onClose={() => setConfirming(null)}
      >
        {confirming?.kind === 'disconnect' ? t('confirm.disconnectMessage') : t('confirm.deleteMessage')}
      </ConfirmDialog>
    </Box>
  );
}

function LoadingSkeleton() {
  return (
    <Stack gap="2" borderWidth="1px" rounded="l3" bg="bg.panel" p="4" data-testid="connections-loading">
      <Skeleton h="6" w="40%" mb="2" />
      {Array.from({ length: 4 }, (_, i) => (
        <HStack key={i} gap="4">
          <Skeleton boxSize="6" rounded="full" />
          <Skeleton h="5" flex="2" />
          <Skeleton h="5" flex="1" />
          <Skeleton h="5" flex="1" />
          <Skeleton h="8" w="28" />
        </HStack>
      ))}
    </Stack>
  );
}

export default ConnectionsPage;
