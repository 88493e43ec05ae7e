import { IconButton, Link } from '@chakra-ui/react';
import type { ContactListDto } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { LuUsers } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { RecordsTable } from '@/components/records-table';
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
    <RecordsTable
      records={lists}
      rowTestId="contact-list-row"
      columns={[
        {
          header: t('columns.name'),
          cellProps: { maxW: '0', w: 'full', truncate: true },
          cell: (list) => (
            <Link asChild variant="plain" fontWeight="medium">
              <RouterLink to={itemsPath(list)}>{list.name}</RouterLink>
            </Link>
          ),
        },
        {
          header: t('columns.contacts'),
          headerProps: { textAlign: 'end', w: '28' },
          cellProps: { textAlign: 'end' },
          testId: 'contact-list-count',
          cell: (list) => list.contactsCount,
        },
      ]}
      actions={{
        header: t('columns.actions'),
        width: '32',
        onEdit,
        onDelete,
        extra: (list) => (
          <IconButton asChild size="xs" variant="ghost" aria-label={t('open')} title={t('open')}>
            <RouterLink to={itemsPath(list)} data-testid="contact-list-open">
              <LuUsers />
            </RouterLink>
          </IconButton>
        ),
      }}
    />
  );
}
