import { Dialog, Stack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogShell } from '@/components/dialog-shell';
import { useUserOptions } from '../../api/lookups';
import { useQueueChoices } from '../../hooks/use-queue-choices';
import { ChoiceField } from './choice-field';
import { DialogActions } from './dialog-actions';

interface TransferDialogProps {
  open: boolean;
  onClose: () => void;
  onTransfer: (queueId: string, userId: string | null) => Promise<boolean>;
}

/**
 * Transfer (spec part 1 §4, §5): a queue is required; a user is optional. Only a queue leaves the
 * ticket waiting in it; a user makes it theirs. The users offered are those of the chosen queue.
 */
export function TransferDialog({ open, onClose, onTransfer }: TransferDialogProps) {
  const { t } = useTranslation('tickets');
  const { queues } = useQueueChoices(open);
  const users = useUserOptions(open);
  const [queueId, setQueueId] = useState('');
  const [userId, setUserId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const usersOfQueue = useMemo(
    () => (users.data ?? []).filter((user) => !queueId || !user.queues || user.queues.some((q) => q.id === queueId)),
    [users.data, queueId],
  );

  const submit = async () => {
    if (!queueId) return setError(t('newTicket.selectQueue'));
    setBusy(true);
    const done = await onTransfer(queueId, userId || null);
    setBusy(false);
    if (done) onClose();
  };

  return (
    <DialogShell open={open} onClose={onClose} size="sm" testId="transfer-dialog">
      <Dialog.Header>
        <Dialog.Title>{t('transfer.title')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <ChoiceField
            label={t('transfer.queue')}
            placeholder={t('newTicket.queuePlaceholder')}
            choices={queues}
            value={queueId}
            onChange={(value) => {
              setQueueId(value);
              setUserId('');
              setError(undefined);
            }}
            error={error}
            required
            testId="transfer-queue"
          />
          <ChoiceField
            label={t('transfer.user')}
            placeholder={t('transfer.anyUser')}
            choices={usersOfQueue}
            value={userId}
            onChange={setUserId}
            testId="transfer-user"
          />
        </Stack>
      </Dialog.Body>
      <DialogActions submitLabel={t('transfer.submit')} busy={busy} onCancel={onClose} onSubmit={() => void submit()} />
    </DialogShell>
  );
}
