import { Avatar, Checkbox, HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import type { ContactDto } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { LuMessageSquarePlus, LuPencil, LuTrash2 } from 'react-icons/lu';
import { formatPhone } from '@/lib/phone';
import { CONTACTS_NS } from '../i18n';

interface ContactsTableProps {
  contacts: ContactDto[];
  /** Select mode: a checkbox per row and in the header. */
  selection: Set<string> | null;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  onNewTicket: (contact: ContactDto) => void;
  onEdit: (contact: ContactDto) => void;
  /** Absent without contacts-page:deleteContact. */
  onDelete?: (contact: ContactDto) => void;
}

/**
 * Spec part 3 "Contacts page": avatar, name, WhatsApp number (masked by country), email, actions. On a
 * phone the number goes under the name, so the name keeps the row's width (beside the number and the
 * actions it was cut to its first letter).
 */
export function ContactsTable({
  contacts,
  selection,
  onToggle,
  onToggleAll,
  onNewTicket,
  onEdit,
  onDelete,
}: ContactsTableProps) {
  const { t } = useTranslation(CONTACTS_NS);
  const allChecked = selection !== null && contacts.length > 0 && contacts.every((c) => selection.has(c.id));
  return (
    <Table.Root size="sm" stickyHeader interactive>
      <Table.Header>
        <Table.Row bg="bg.subtle">
          {selection ? (
            <Table.ColumnHeader w="10">
              <Checkbox.Root
                size="sm"
                checked={allChecked}
                onCheckedChange={onToggleAll}
                aria-label={t('select.all')}
                data-testid="contacts-select-all"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
              </Checkbox.Root>
            </Table.ColumnHeader>
          ) : null}
          <Table.ColumnHeader>{t('columns.name')}</Table.ColumnHeader>
          <Table.ColumnHeader hideBelow="sm">{t('columns.number')}</Table.ColumnHeader>
          <Table.ColumnHeader hideBelow="md">{t('columns.email')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('columns.actions')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {contacts.map((contact) => (
          <Table.Row key={contact.id} data-testid="contact-row">
            {selection ? (
              <Table.Cell>
                <Checkbox.Root
                  size="sm"
                  checked={selection.has(contact.id)}
                  onCheckedChange={() => onToggle(contact.id)}
                  aria-label={t('select.row', { name: contact.name })}
                  data-testid="contact-select"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.Cell>
            ) : null}
            <Table.Cell maxW="0" w="full">
              <HStack gap="3" minW="0">
                <Avatar.Root size="xs" flexShrink={0}>
                  <Avatar.Fallback name={contact.name} />
                  {contact.profilePicUrl ? <Avatar.Image src={contact.profilePicUrl} alt="" /> : null}
                </Avatar.Root>
                <Stack gap="0" minW="0">
                  <Text truncate data-testid="contact-name">
                    {contact.name}
                  </Text>
                  <Text hideFrom="sm" textStyle="xs" color="fg.muted" whiteSpace="nowrap">
                    {formatPhone(contact.number)}
                  </Text>
                </Stack>
              </HStack>
            </Table.Cell>
            <Table.Cell hideBelow="sm" whiteSpace="nowrap" data-testid="contact-number">
              {formatPhone(contact.number)}
            </Table.Cell>
            <Table.Cell hideBelow="md" maxW="56">
              <Text truncate>{contact.email}</Text>
            </Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap">
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={t('actions.newTicket')}
                title={t('actions.newTicket')}
                onClick={() => onNewTicket(contact)}
              >
                <LuMessageSquarePlus />
              </IconButton>
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={t('common.edit', { ns: 'translation' })}
                onClick={() => onEdit(contact)}
              >
                <LuPencil />
              </IconButton>
              {onDelete ? (
                <IconButton
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t('common.delete', { ns: 'translation' })}
                  onClick={() => onDelete(contact)}
                >
                  <LuTrash2 />
                </IconButton>
              ) : null}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
