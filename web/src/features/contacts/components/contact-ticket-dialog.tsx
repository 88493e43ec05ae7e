import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
import { ticketNeedsQueue, type ContactDto } from '@atende/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DialogShell } from '@/components/dialog-shell';
import { FormField } from '@/components/form-field';
import { QueueSingleSelect, useQueueOptions } from '@/entities/queue';
import { useSession } from '@/hooks/use-session';
import { notify } from '@/lib/toaster';
import { useOpenTicket } from '../api/contacts-api';
import { CONTACTS_NS } from '../i18n';

/**
 * The row's new-ticket dialog (spec part 3 "Contacts page"; part 1 §5 "New ticket": a queue is
 * required unless the user is an admin, 'Selecione uma fila'). Once the ticket exists the console
 * goes to /tickets/{uuid}. An open ticket of the contact answers ERR_OTHER_OPEN_TICKET, shown as such.
 */
export function ContactTicketDialog({ contact, onClose }: { contact: ContactDto; onClose: () => void }) {
  const { t } = useTranslation(CONTACTS_NS);
  const navigate = useNavigate();
  const { viewer, user, isAdmin } = useSession();
  const allQueues = useQueueOptions(isAdmin);
  const queues = isAdmin ? (allQueues.data ?? []) : (user?.queues ?? []);
  const [queueId, setQueueId] = useState<string | null>(null);
  const [queueError, setQueueError] = useState<string | undefined>();
  const open = useOpenTicket();
  const queueRequired = viewer ? ticketNeedsQueue(viewer) : true;

  const submit = async () => {
    if (!viewer) return;
    if (queueRequired && !queueId) {
      setQueueError(t('newTicket.selectQueue'));
      return;
    }
    try {
      const ticket = await open.mutateAsync({ contactId: contact.id, queueId, userId: viewer.userId });
      onClose();
      navigate(`/tickets/${ticket.uuid}`);
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <DialogShell open onClose={onClose} size="sm" testId="contact-ticket-dialog">
      <Dialog.Header>
        <Dialog.Title>{t('newTicket.title')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Text textStyle="sm">{t('newTicket.text', { name: contact.name })}</Text>
          <FormField label={t('newTicket.queue')} error={queueError} required={queueRequired}>
            <QueueSingleSelect
              queues={queues}
              value={queueId}
              onChange={(value) => {
                setQueueId(value);
                setQueueError(undefined);
              }}
              placeholder={t('newTicket.queuePlaceholder')}
              invalid={Boolean(queueError)}
              aria-label={t('newTicket.queue')}
            />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          {t('common.cancel', { ns: 'translation' })}
        </Button>
        <Button
          colorPalette="brand"
          loading={open.isPending}
          onClick={() => void submit()}
          data-testid="contact-ticket-submit"
        >
          {t('newTicket.submit')}
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
