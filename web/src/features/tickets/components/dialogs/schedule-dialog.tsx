import { Dialog, Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { addHours, format } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogShell } from '@/components/dialog-shell';
import { apiPost } from '@/lib/api-client';
import { notify } from '@/lib/toaster';
import type { TicketDto } from '../../api/types';
import { DialogActions } from './dialog-actions';

/** Spec part 1 §5: the body needs at least 5 characters ('Mensagem muito curta'). */
const MIN_SCHEDULE_BODY = 5;
const localInputValue = (date: Date) => format(date, "yyyy-MM-dd'T'HH:mm");

interface ScheduleDialogProps {
  ticket: TicketDto;
  open: boolean;
  onClose: () => void;
}

/** A message to the ticket's contact at a later time; a new one defaults to one hour from now (spec part 1 §9). */
export function ScheduleDialog({ ticket, open, onClose }: ScheduleDialogProps) {
  const { t } = useTranslation('tickets');
  const [body, setBody] = useState('');
  const [sendAt, setSendAt] = useState(() => localInputValue(addHours(new Date(), 1)));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (body.trim().length < MIN_SCHEDULE_BODY) return setError(t('schedule.tooShort'));
    setBusy(true);
    try {
      await apiPost('/schedules', {
        body: body.trim(),
        contactId: ticket.contactId,
        ticketId: ticket.id,
        sendAt: new Date(sendAt).toISOString(),
      });
      notify.success(t('schedule.created'));
      setBody('');
      onClose();
    } catch (err) {
      notify.error(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogShell open={open} onClose={onClose} size="sm" testId="schedule-dialog">
      <Dialog.Header>
        <Dialog.Title>{t('schedule.title')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Field.Root invalid={Boolean(error)} required>
            <Field.Label>
              {t('schedule.body')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              value={body}
              onChange={(event) => {
                setBody(event.target.value);
                setError(undefined);
              }}
              rows={4}
            />
            {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
          </Field.Root>
          <Field.Root required>
            <Field.Label>
              {t('schedule.sendAt')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input type="datetime-local" value={sendAt} onChange={(event) => setSendAt(event.target.value)} />
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <DialogActions submitLabel={t('schedule.submit')} busy={busy} onCancel={onClose} onSubmit={() => void submit()} />
    </DialogShell>
  );
}
