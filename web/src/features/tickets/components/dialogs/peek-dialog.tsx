import { Avatar, Button, Dialog, Flex, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DialogShell } from '@/components/dialog-shell';
import type { TicketDto } from '../../api/types';
import { formatPhone } from '@/lib/phone';
import { contactLabel } from '../../lib/contact-label';
import { MessageList } from '../conversation/message-list';

/** Admins read a waiting conversation without accepting it (spec part 1 §2, §6). Read-only. */
export function PeekDialog({ ticket, onClose }: { ticket: TicketDto | null; onClose: () => void }) {
  const { t } = useTranslation('tickets');
  return (
    <DialogShell
      open={ticket !== null}
      onClose={onClose}
      size="lg"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
      testId="peek-dialog"
    >
      <Dialog.Header>
        <HStack gap="3">
          <Avatar.Root size="sm">
            <Avatar.Fallback name={ticket?.contact.name} />
            {ticket?.contact.profilePicUrl ? <Avatar.Image src={ticket.contact.profilePicUrl} alt="" /> : null}
          </Avatar.Root>
          <Dialog.Title>{t('peek.title')}</Dialog.Title>
          <Text color="fg.muted" truncate>
            {ticket ? contactLabel(ticket.contact, formatPhone) : null}
          </Text>
        </HStack>
      </Dialog.Header>
      <Dialog.Body p="0">
        <Flex direction="column" h="60vh" bg={{ _light: '#efeae2', _dark: '#0b141a' }}>
          {ticket ? <MessageList key={ticket.id} ticketId={ticket.id} /> : null}
        </Flex>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          {t('peek.close')}
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
