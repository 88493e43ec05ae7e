import { Dialog, Stack, Text } from '@chakra-ui/react';
import { ticketNeedsQueue } from '@atende/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogShell } from '@/components/dialog-shell';
import type { TicketDto } from '../../api/types';
import { useQueueChoices } from '../../hooks/use-queue-choices';
import { useViewer } from '../../hooks/use-viewer';
import { ChoiceField } from './choice-field';
import { DialogActions } from './dialog-actions';

interface ReopenDialogProps {
  ticket: TicketDto;
  open: boolean;
  onClose: () => void;
  onReopen: (queueId: string | null) => Promise<boolean>;
}

/** Closed → open: a queue is asked for, required except for admins (spec part 1 §4). */
export function ReopenDialog({ ticket, open, onClose, onReopen }: ReopenDialogProps) {
  const { t } = useTranslation('tickets');
  const { viewer } = useViewer();
  const { queues } = useQueueChoices(open);
  const [queueId, setQueueId] = useState(ticket.queueId ?? '');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const required = viewer ? ticketNeedsQueue(viewer) : true;

  const submit = async () => {
    if (required && !queueId) return setError(t('newTicket.selectQueue'));
    setBusy(true);
    const done = await onReopen(queueId || null);
    setBusy(false);
    if (done) onClose();
  };

  return (
    <DialogShell open={open} onClose={onClose} size="sm" testId="reopen-dialog">
      <Dialog.Header>
        <Dialog.Title>{t('reopen.title')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Text color="fg.muted" textStyle="sm">
            {t('reopen.text')}
          </Text>
          <ChoiceField
            label={t('newTicket.queue')}
            placeholder={t('newTicket.queuePlaceholder')}
            choices={queues}
            value={queueId}
            onChange={(value) => {
              setQueueId(value);
              setError(undefined);
            }}
            error={error}
            required={required}
            testId="reopen-queue"
          />
        </Stack>
      </Dialog.Body>
      <DialogActions submitLabel={t('reopen.submit')} busy={busy} onCancel={onClose} onSubmit={() => void submit()} />
    </DialogShell>
  );
}
