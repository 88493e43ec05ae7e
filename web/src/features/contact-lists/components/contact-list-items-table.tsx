import { Icon, Table, Text } from '@chakra-ui/react';
import type { ContactListItemDto } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { LuCircleCheck, LuCircleHelp, LuCircleX } from 'react-icons/lu';
import { RowActionsCell } from '@/components/row-actions-cell';
import { formatPhone } from '@/lib/phone';
import { CONTACT_LISTS_NS } from '../i18n';

/** The WhatsApp-valid icon (spec part 3 §4: valid or invalid; unknown until checked). */
function ValidityIcon({ valid }: { valid: boolean | null }) {
  const { t } = useTranslation(CONTACT_LISTS_NS);
  const [icon, color, label] =
    valid === true
      ? [<LuCircleCheck key="v" />, 'green.500', t('items.valid')]
      : valid === false
        ? [<LuCircleX key="i" />, 'red.500', t('items.invalid')]
        : [<LuCircleHelp key="u" />, 'fg.subtle', t('items.unchecked')];
  return (
    <Icon
      color={color}
      boxSize="4"
      aria-label={label}
      role="img"
      data-testid="contact-list-item-validity"
      data-valid={String(valid)}
    >
      {icon}
    </Icon>
  );
}

/** Spec part 3 "Contact list items page": WhatsApp-valid icon, name, number, e-mail, edit and delete. */
export function ContactListItemsTable({
  items,
  onEdit,
  onDelete,
}: {
  items: ContactListItemDto[];
  onEdit: (item: ContactListItemDto) => void;
  /** Absent without contacts-page:deleteContact (spec §6). */
  onDelete?: (item: ContactListItemDto) => void;
}) {
  const { t } = useTranslation(CONTACT_LISTS_NS);
  return (
    <Table.Root size="sm" stickyHeader interactive>
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader w="12">{t('items.columns.valid')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('items.columns.name')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('items.columns.number')}</Table.ColumnHeader>
          <Table.ColumnHeader hideBelow="md">{t('items.columns.email')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end" w="24">
            {t('items.columns.actions')}
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {items.map((item) => (
          <Table.Row key={item.id} data-testid="contact-list-item-row">
            <Table.Cell>
              <ValidityIcon valid={item.isWhatsappValid} />
            </Table.Cell>
            <Table.Cell maxW="40">
              <Text truncate>{item.name}</Text>
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatPhone(item.number)}</Table.Cell>
            <Table.Cell hideBelow="md" maxW="48">
              <Text truncate>{item.email}</Text>
            </Table.Cell>
            <RowActionsCell onEdit={() => onEdit(item)} onDelete={onDelete ? () => onDelete(item) : undefined} />
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
