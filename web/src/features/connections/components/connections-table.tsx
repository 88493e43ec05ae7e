import { Box, Card, Flex, HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuPencil, LuStar, LuTrash2 } from 'react-icons/lu';
import type { Connection } from '../api/connections';
import { useIsPhone } from '../hooks/use-is-phone';
import { formatConnectionNumber, formatUpdatedAt } from '../lib/format';
import { ChannelIcon } from './channel-icon';
import { SessionActions, type SessionActionsProps } from './session-actions';
import { StatusBadge } from './status-badge';

export interface ConnectionsTableProps extends Omit<SessionActionsProps, 'connection' | 'pending'> {
  connections: Connection[];
  pendingById: Record<string, 'retry' | 'newQr' | undefined>;
  onEdit: (connection: Connection) => void;
  onDelete: (connection: Connection) => void;
  /** `mayManageConnections`: without it the list is read-only (no session, edit or delete controls). */
  canManage: boolean;
}

/**
 * The connections list: a table from 600 px up, stacked cards below (spec part 2 §9 mobile
 * breakpoint) — eight columns do not fit a phone and horizontal scrolling hides the actions.
 */
export function ConnectionsTable(props: ConnectionsTableProps) {
  const isPhone = useIsPhone();
  return isPhone ? <ConnectionCards {...props} /> : <ConnectionRows {...props} />;
}

function RowActions({
  connection,
  onEdit,
  onDelete,
}: Pick<ConnectionsTableProps, 'onEdit' | 'onDelete'> & { connection: Connection }) {
  const { t } = useTranslation('connections');
  return (
    <HStack gap="1" justify="flex-end">
      <IconButton size="sm" variant="ghost" aria-label={t('actions.edit')} onClick={() => onEdit(connection)}>
        <LuPencil />
      </IconButton>
      <IconButton
        size="sm"
        variant="ghost"
        colorPalette="red"
        aria-label={t('actions.delete')}
        onClick={() => onDelete(connection)}
      >
        <LuTrash2 />
      </IconButton>
    </HStack>
  );
}

function DefaultFlag({ isDefault }: { isDefault: boolean }) {
  const { t } = useTranslation('connections');
  if (!isDefault) return null;
  return (
    <Box as="span" color="yellow.500" display="inline-flex" title={t('table.default')} aria-label={t('table.default')}>
      <LuStar fill="currentColor" />
    </Box>
  );
}

function sessionProps(props: ConnectionsTableProps, connection: Connection): SessionActionsProps {
  return {
    connection,
    pending: props.pendingById[connection.id] ?? null,
    onShowQr: props.onShowQr,
    onRetry: props.onRetry,
    onNewQr: props.onNewQr,
    onDisconnect: props.onDisconnect,
  };
}

function ConnectionRows(props: ConnectionsTableProps) {
  const { t } = useTranslation('connections');
  return (
    <Table.ScrollArea borderWidth="1px" rounded="l3" bg="bg.panel" shadow="xs">
      <Table.Root size="md" interactive>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader w="12" aria-label={t('table.channel')} />
            <Table.ColumnHeader>{t('table.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.number')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('table.status')}</Table.ColumnHeader>
            {props.canManage ? <Table.ColumnHeader>{t('table.session')}</Table.ColumnHeader> : null}
            <Table.ColumnHeader>{t('table.lastUpdate')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="center">{t('table.default')}</Table.ColumnHeader>
            {props.canManage ? <Table.ColumnHeader textAlign="end">{t('table.actions')}</Table.ColumnHeader> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {props.connections.map((connection) => (
            <Table.Row key={connection.id} data-testid="connection-row" data-connection-id={connection.id}>
              <Table.Cell>
                <ChannelIcon channel={connection.channel} />
              </Table.Cell>
              <Table.Cell fontWeight="medium">{connection.name}</Table.Cell>
              <Table.Cell fontVariantNumeric="tabular-nums" color="fg.muted">
                {formatConnectionNumber(connection.channel, connection.number)}
              </Table.Cell>
              <Table.Cell>
                <StatusBadge status={connection.status} />
              </Table.Cell>
              {props.canManage ? (
                <Table.Cell>
                  <SessionActions {...sessionProps(props, connection)} />
                </Table.Cell>
              ) : null}
              <Table.Cell whiteSpace="nowrap" color="fg.muted" fontVariantNumeric="tabular-nums">
                {formatUpdatedAt(connection.updatedAt)}
              </Table.Cell>
              <Table.Cell textAlign="center">
                <DefaultFlag isDefault={connection.isDefault} />
              </Table.Cell>
              {props.canManage ? (
                <Table.Cell>
                  <RowActions connection={connection} onEdit={props.onEdit} onDelete={props.onDelete} />
                </Table.Cell>
              ) : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function ConnectionCards(props: ConnectionsTableProps) {
  const { t } = useTranslation('connections');
  return (
    <Stack gap="3">
      {props.connections.map((connection) => (
        <Card.Root
          key={connection.id}
          size="sm"
          variant="outline"
          bg="bg.panel"
          data-testid="connection-row"
          data-connection-id={connection.id}
        >
          <Card.Body gap="3">
            <Flex align="center" gap="3">
              <ChannelIcon channel={connection.channel} boxSize="6" />
              <Stack gap="0" flex="1" minW="0">
                <HStack gap="1.5">
                  <Text fontWeight="semibold" truncate>
                    {connection.name}
                  </Text>
                  <DefaultFlag isDefault={connection.isDefault} />
                </HStack>
                <Text textStyle="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
                  {[
                    formatConnectionNumber(connection.channel, connection.number),
                    t('table.updatedAt', { date: formatUpdatedAt(connection.updatedAt) }),
                  ]
                    .filter((part) => part !== '-')
                    .join(' · ')}
                </Text>
              </Stack>
              <StatusBadge status={connection.status} />
            </Flex>
            {props.canManage ? (
              <Flex align="center" justify="space-between" gap="2" wrap="wrap">
                <SessionActions {...sessionProps(props, connection)} />
                <RowActions connection={connection} onEdit={props.onEdit} onDelete={props.onDelete} />
              </Flex>
            ) : null}
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
