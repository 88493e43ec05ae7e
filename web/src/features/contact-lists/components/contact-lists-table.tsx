import { IconButton, Link, Table } from '@chakra-ui/react';
import type { ContactListDto } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { LuUsers } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { RowActionsCell } from '@/components/row-actions-cell';
import { CONTACT_LISTS_NS } from '../i18n';

const itemsPath = (list: ContactListDto) => `/contact-lists/${encodeURIComponent(list.id)}/contacts`;

/** Spec part 3 "Contact lists page": name, contact count, and open items / edit / delete. */
export function ContactListsTable({
  lists,
  onEdit,
  onDelete,
}: {
  lists: ContactListDto[];
  onEdit: (list: ContactListDto) => void;
  onDelete: (list: ContactListDto) => void;
}) {
  const { t } = useTranslation(CONTACT_LISTS_NS);
  return (
    <Table.Root size="sm" stickyHeader interactive>
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader>{t('columns.name')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end" w="28">
            {t('columns.contacts')}
          </Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end" w="32">
            {t('columns.actions')}
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {lists.map((list) => (
          <Table.Row key={list.id} data-testid="contact-list-row">
            <Table.Cell maxW="0" w="full" truncate>
              <Link asChild variant="plain" fontWeight="medium">
                <RouterLink to={itemsPath(list)}>{list.name}</RouterLink>
              </Link>
            </Table.Cell>
            <Table.Cell textAlign="end" data-testid="contact-list-count">
              {list.contactsCount}
            </Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap" p="0" w="1">
              <IconButton asChild size="xs" variant="ghost" aria-label={t('open')} title={t('open')}>
                <RouterLink to={itemsPath(list)} data-testid="contact-list-open">
                  <LuUsers />
                </RouterLink>
              </IconButton>
            </Table.Cell>
            <RowActionsCell onEdit={() => onEdit(list)} onDelete={() => onDelete(list)} />
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
