import { Box, HStack, Table, Text } from '@chakra-ui/react';
import type { QueueDto } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { RowActionsCell } from '@/components/row-actions-cell';
import { QUEUES_NS } from '../i18n';

interface QueuesTableProps {
  queues: QueueDto[];
  /** Integration names by id (empty when the plan has no integrations or the list is not there). */
  integrationNames: Map<string, string>;
  onEdit: (queue: QueueDto) => void;
  onDelete?: (queue: QueueDto) => void;
}

/** Ids are long ULIDs: the table shows their tail, the tooltip the whole id. */
const shortId = (id: string) => (id.length > 8 ? `…${id.slice(-6)}` : id);

/** Spec part 3 §2: id, name, colour swatch, integration name or a dash, edit and delete. */
export function QueuesTable({ queues, integrationNames, onEdit, onDelete }: QueuesTableProps) {
  const { t } = useTranslation(QUEUES_NS);
  return (
    <Table.Root size="md" stickyHeader interactive>
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader w="28" display={{ base: 'none', md: 'table-cell' }}>
            {t('columns.id')}
          </Table.ColumnHeader>
          <Table.ColumnHeader>{t('columns.name')}</Table.ColumnHeader>
          <Table.ColumnHeader w="24">{t('columns.color')}</Table.ColumnHeader>
          <Table.ColumnHeader display={{ base: 'none', sm: 'table-cell' }}>{t('columns.integration')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end" w="24">
            {t('columns.actions')}
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {queues.map((queue) => (
          <Table.Row key={queue.id} data-testid="queue-row">
            <Table.Cell display={{ base: 'none', md: 'table-cell' }}>
              <Text as="span" fontFamily="mono" fontSize="xs" color="fg.muted" title={queue.id}>
                {shortId(queue.id)}
              </Text>
            </Table.Cell>
            <Table.Cell maxW={{ base: '0', md: 'xs' }} w={{ base: 'full', md: 'auto' }}>
              <Text truncate title={queue.name}>
                {queue.name}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <HStack gap="2">
                <Box boxSize="4" rounded="sm" bg={queue.color} borderWidth="1px" aria-hidden />
                <Text as="span" fontSize="xs" color="fg.muted" display={{ base: 'none', lg: 'inline' }}>
                  {queue.color}
                </Text>
              </HStack>
            </Table.Cell>
            <Table.Cell display={{ base: 'none', sm: 'table-cell' }}>
              {(queue.integrationId && integrationNames.get(queue.integrationId)) || '-'}
            </Table.Cell>
            <RowActionsCell onEdit={() => onEdit(queue)} onDelete={onDelete ? () => onDelete(queue) : undefined} />
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
