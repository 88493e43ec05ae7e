import { Dialog, Field, Input, Separator, Stack, Text, Textarea } from '@chakra-ui/react';
import { createScheduleSchema, type ScheduleDto } from '@atende/shared';
import { addHours, format } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DialogShell } from '@/components/dialog-shell';
import { isApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/toaster';
import { useContactSchedules, useDeleteSchedule, useSaveSchedule } from '../../api/schedules';
import type { TicketDto } from '../../api/types';
import { DialogActions } from './dialog-actions';
import { ScheduleList } from './schedule-list';

const localInputValue = (date: Date) => format(date, "yyyy-MM-dd'T'HH:mm");
type FieldErrors = { body?: string; sendAt?: string };

interface ScheduleDialogProps {
  ticket: TicketDto;
  open: boolean;
  onClose: () => void;
}

/**
 * A message to the ticket's contact at a later time (spec part 1 §4 "Scheduled message", §5, §9): a
 * new one defaults to one hour from now; the contact's schedules are listed below, each editable
 * until sent (then the submit button is hidden) and deletable with a confirmation. The title shows
 * the status of the one being edited, 'Erro de Envio' when sending failed.
 */
export function ScheduleDialog({ ticket, open, onClose }: ScheduleDialogProps) {
  const { t } = useTranslation('tickets');
  const schedules = useContactSchedules(ticket.contactId);
  const save = useSaveSchedule(ticket.contactId);
  const remove = useDeleteSchedule(ticket.contactId);
  const [editing, setEditing] = useState<ScheduleDto | null>(null);
  const [body, setBody] = useState('');
  const [sendAt, setSendAt] = useState(() => localInputValue(addHours(new Date(), 1)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [deleting, setDeleting] = useState<ScheduleDto | null>(null);

  const startNew = () => {
    setEditing(null);
    setBody('');
    setSendAt(localInputValue(addHours(new Date(), 1)));
    setErrors({});
  };
  const startEdit = (schedule: ScheduleDto) => {
    setEditing(schedule);
    setBody(schedule.body);
    setSendAt(localInputValue(new Date(schedule.sendAt)));
    setErrors({});
  };

  const submit = () => {
    const when = sendAt ? new Date(sendAt) : null;
    const input = {
      body,
      contactId: ticket.contactId,
      ticketId: ticket.id,
      sendAt: when && !Number.isNaN(when.getTime()) ? when.toISOString() : '',
    };
    const parsed = createScheduleSchema.safeParse(input);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        if ((field === 'body' || field === 'sendAt') && !found[field]) found[field] = translateMessage(issue.message);
      }
      return setErrors(found);
    }
    const payload = editing ? { body: parsed.data.body, sendAt: parsed.data.sendAt } : parsed.data;
    save.mutate(
      { id: editing?.id, input: payload },
      {
        onSuccess: () => {
          notify.success(editing ? t('schedule.updated') : t('schedule.created'));
          startNew();
        },
        onError: (err) => {
          const fields = isApiError(err) ? err.fields : undefined;
          if (fields?.body || fields?.sendAt) {
            setErrors({ body: translateMessage(fields.body), sendAt: translateMessage(fields.sendAt) });
          } else notify.error(err);
        },
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify.success(t('schedule.deleted'));
        if (editing?.id === deleting.id) startNew();
        setDeleting(null);
      },
      onError: (err) => notify.error(err),
    });
  };

  const title = editing
    ? `${t('schedule.title')} · ${editing.status === 'ERRO' ? t('schedule.sendError') : t(`schedule.status.${editing.status}`)}`
    : t('schedule.title');
  const sent = Boolean(editing?.sentAt);

  return (
    <DialogShell open={open} onClose={onClose} size="md" testId="schedule-dialog">
      <Dialog.Header>
        <Dialog.Title data-testid="schedule-title">{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Field.Root invalid={Boolean(errors.body)} required disabled={sent}>
            <Field.Label>
              {t('schedule.body')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              value={body}
              onChange={(event) => {
                setBody(event.target.value);
                setErrors((e) => ({ ...e, body: undefined }));
              }}
              rows={4}
              data-testid="schedule-body"
            />
            {errors.body ? <Field.ErrorText>{errors.body}</Field.ErrorText> : null}
          </Field.Root>
          <Field.Root invalid={Boolean(errors.sendAt)} required disabled={sent}>
            <Field.Label>
              {t('schedule.sendAt')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              type="datetime-local"
              value={sendAt}
              onChange={(event) => {
                setSendAt(event.target.value);
                setErrors((e) => ({ ...e, sendAt: undefined }));
              }}
              data-testid="schedule-send-at"
            />
            {errors.sendAt ? <Field.ErrorText>{errors.sendAt}</Field.ErrorText> : null}
          </Field.Root>
          <Separator />
          <Text fontWeight="semibold" textStyle="sm">
            {t('schedule.listTitle')}
          </Text>
          {schedules.data ? (
            <ScheduleList schedules={schedules.data} editingId={editing?.id} onEdit={startEdit} onDelete={setDeleting} />
          ) : (
            <Text textStyle="sm" color="fg.muted">
              {t('common.loading')}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      {sent ? (
        <DialogActions submitLabel={t('schedule.new')} busy={false} onCancel={onClose} onSubmit={startNew} />
      ) : (
        <DialogActions
          submitLabel={editing ? t('schedule.save') : t('schedule.submit')}
          busy={save.isPending}
          onCancel={editing ? startNew : onClose}
          onSubmit={submit}
          submitTestId="schedule-submit"
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('schedule.deleteTitle')}
        confirmLabel={t('schedule.delete')}
        destructive
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {t('schedule.deleteText')}
      </ConfirmDialog>
    </DialogShell>
  );
}
