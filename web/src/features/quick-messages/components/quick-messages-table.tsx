import { Badge, Stack, Table, Text } from '@chakra-ui/react';
import { mayManageQuickMessage, type QuickMessageDto, type Viewer } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { RowActionsCell } from '@/components/row-actions-cell';
import { QUICK_MESSAGES_NS } from '../i18n';

/** Ids are long ULIDs: the table shows their tail, the tooltip the whole id. */
const shortId = (id: string) => (id.length > 8 ? `…${id.slice(-6)}` : id);

/**
 * Spec part 3 "Quick replies page": id, shortcode, attached file names or 'Nenhum', edit and delete —
 * the buttons only where the policy lets the viewer change the reply. On a phone the id and files
 * fold under the shortcode.
 */
export function QuickMessagesTable({
  records,
  viewer,
  onEdit,
  onDelete,
}: {
  records: QuickMessageDto[];
  viewer: Viewer | null;
  onEdit: (record: QuickMessageDto) => void;
  onDelete: (record: QuickMessageDto) => void;
}) {
  const { t } = useTranslation(QUICK_MESSAGES_NS);
  return (
    <Table.Root size="sm" stickyHeader interactive>
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader w="24" display={{ base: 'none', md: 'table-cell' }}>
            {t('columns.id')}
          </Table.ColumnHeader>
          <Table.ColumnHeader>{t('columns.shortcode')}</Table.ColumnHeader>
          <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>{t('columns.media')}</Table.ColumnHeader>
          <Table.ColumnHeader display={{ base: 'none', sm: 'table-cell' }}>{t('columns.scope')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end" w="24">
            {t('columns.actions')}
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {records.map((q) => {
          const files = q.medias.map((m) => m.originalName).join(', ');
          const canManage = viewer !== null && mayManageQuickMessage(viewer, q);
          return (
            <Table.Row key={q.id} data-testid="quick-message-row">
              <Table.Cell display={{ base: 'none', md: 'table-cell' }}>
                <Text as="span" fontFamily="mono" fontSize="xs" color="fg.muted" title={q.id}>
                  {shortId(q.id)}
                </Text>
              </Table.Cell>
              <Table.Cell maxW={{ base: '0', md: 'xs' }} w={{ base: 'full', md: 'auto' }}>
                <Stack gap="0" minW="0">
                  <Text fontWeight="medium" truncate>
                    /{q.shortcode}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" truncate title={q.message}>
                    {q.message}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" truncate display={{ base: 'block', md: 'none' }}>
                    {files || t('noMedia')}
                  </Text>
                </Stack>
              </Table.Cell>
              <Table.Cell display={{ base: 'none', md: 'table-cell' }} maxW="3xs">
                <Text truncate title={files} color={files ? undefined : 'fg.muted'} data-testid="quick-message-files">
                  {files || t('noMedia')}
                </Text>
              </Table.Cell>
              <Table.Cell display={{ base: 'none', sm: 'table-cell' }}>
                <Badge size="sm" colorPalette={q.toAll ? 'brand' : 'gray'}>
                  {q.toAll ? t('scope.all') : t('scope.me')}
                </Badge>
              </Table.Cell>
              {canManage ? <RowActionsCell onEdit={() => onEdit(q)} onDelete={() => onDelete(q)} /> : <Table.Cell />}
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
