import { Avatar, Button, CloseButton, Drawer, Heading, Portal, Separator, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuPencil } from 'react-icons/lu';
import { formatPhone } from '@/lib/phone';
import { useContact } from '@/entities/contact';
import type { TicketDto } from '../../api/types';
import { contactLabel } from '../../lib/contact-label';
import { TicketNotes } from './ticket-notes';

interface ContactDrawerProps {
  ticket: TicketDto;
  open: boolean;
  onClose: () => void;
  onEdit: () => void;
}

/** The contact beside the conversation: picture, number, e-mail, extra info and the ticket's notes. */
export function ContactDrawer({ ticket, open, onClose, onEdit }: ContactDrawerProps) {
  const { t } = useTranslation('tickets');
  const fresh = useContact(open ? ticket.contactId : null);
  const contact = fresh.data ?? ticket.contact;
  return (
    <Drawer.Root open={open} onOpenChange={(d) => !d.open && onClose()} placement="end" size="sm">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="contact-drawer">
            <Drawer.Header borderBottomWidth="1px" borderColor="border">
              <Drawer.Title>{t('drawer.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="5" py="2">
                <Stack align="center" gap="2">
                  <Avatar.Root size="2xl">
                    <Avatar.Fallback name={contact.name} />
                    {contact.profilePicUrl ? <Avatar.Image src={contact.profilePicUrl} alt="" /> : null}
                  </Avatar.Root>
                  <Heading size="md" textAlign="center">
                    {contactLabel(contact, formatPhone)}
                  </Heading>
                  <Text color="fg.muted" data-testid="contact-number">
                    {formatPhone(contact.number)}
                  </Text>
                  {contact.email ? <Text textStyle="sm">{contact.email}</Text> : null}
                  <Button size="xs" variant="outline" onClick={onEdit} data-testid="edit-contact">
                    <LuPencil /> {t('drawer.edit')}
                  </Button>
                </Stack>
                <Separator />
                <Stack gap="2">
                  <Heading size="sm">{t('drawer.extraInfo')}</Heading>
                  {(contact.extraInfo ?? []).length === 0 ? (
                    <Text textStyle="sm" color="fg.muted">
                      {t('drawer.noExtraInfo')}
                    </Text>
                  ) : (
                    (contact.extraInfo ?? []).map((info, index) => (
                      <Stack key={`${info.name}-${index}`} gap="0" p="2" bg="bg.subtle" rounded="md">
                        <Text textStyle="xs" color="fg.muted">
                          {info.name}
                        </Text>
                        <Text textStyle="sm">{info.value}</Text>
                      </Stack>
                    ))
                  )}
                </Stack>
                <Separator />
                <Stack gap="2">
                  <Heading size="sm">{t('drawer.notes')}</Heading>
                  <TicketNotes ticketId={ticket.id} contactId={ticket.contactId} />
                </Stack>
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
