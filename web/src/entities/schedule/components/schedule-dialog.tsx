import { Button, Dialog, Field, HStack, Input, Separator, Stack, Text, Textarea } from '@chakra-ui/react';
import { createScheduleSchema, type ScheduleDto } from '@atende/shared';
import { addHours, format } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DialogShell } from '@/components/dialog-shell';
import { isApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/toaster';
import { ContactPicker, type PickedContact } from '@/entities/contact';
import {
  ScheduleUploadError,
  useContactSchedules,
  useDeleteSchedule,
  useRemoveScheduleMedia,
  useSaveSchedule,
} from '../api/schedules-api';
import { SCHEDULES_NS } from '../i18n';
import { ScheduleAttachments } from './schedule-attachments';
import { ScheduleList } from './schedule-list';

const localInputValue = (date: Date) => format(date, "yyyy-MM-dd'T'HH:mm");
const inOneHour = () => localInputValue(addHours(new Date(), 1));
type FieldErrors = { body?: string; sendAt?: string; contactId?: string; file?: string };

export interface ScheduleDialogProps {
  open: boolean;
  onClose: () => void;
  /** Whom the message goes to; without it (a new one from the /schedules page) the dialog asks. */
  contact?: PickedContact | null;
  /** Made from a ticket: the message goes to that conversation. */
  ticketId?: string;
  /** Opens on this schedule (the page's edit). */
  schedule?: ScheduleDto | null;
  /** Lists the contact's schedules under the form, each editable and deletable (the ticket's dialog). */
  showContactList?: boolean;
  /** After a new schedule is saved (the page closes the dialog; the ticket's dialog starts a new one). */
  onCreated?: (schedule: ScheduleDto) => void;
}

/**
 * A message to a contact at a later time (spec part 1 §4 "Scheduled message", §5, §9; part 3
 * "/schedules"): a new one defaults to one hour from now; once sent the submit button is hidden;
 * the title shows the status, 'Erro de Envio' when sending failed. Attachments picked here are
 * uploaded after the schedule is saved; attached ones are removed with a confirmation.
 */
export function ScheduleDialog(props: ScheduleDialogProps) {
  const { open, onClose, ticketId, showContactList, onCreated } = props;
  const { t } = useTranslation(SCHEDULES_NS);
  const [contact, setContact] = useState<PickedContact | null>(
    props.contact ?? (props.schedule?.contact ? props.schedule.contact : null),
  );
  const save = useSaveSchedule();
  const remove = useDeleteSchedule();
  const removeMedia = useRemoveScheduleMedia();
  const [editing, setEditing] = useState<ScheduleDto | null>(props.schedule ?? null);
  const [body, setBody] = useState(props.schedule?.body ?? '');
  const [sendAt, setSendAt] = useState(() =>
    props.schedule ? localInputValue(new Date(props.schedule.sendAt)) : inOneHour(),
  );
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [deleting, setDeleting] = useState<ScheduleDto | null>(null);

  const startNew = () => {
    setEditing(null);
    setBody('');
    setSendAt(inOneHour());
    setFiles([]);
    setErrors({});
  };
  const startEdit = (schedule: ScheduleDto) => {
    setEditing(schedule);
    setBody(schedule.body);
    setSendAt(localInputValue(new Date(schedule.sendAt)));
    setFiles([]);
    setErrors({});
  };

  const submit = () => {
    const when = sendAt ? new Date(sendAt) : null;
    const input = {
      body,
      contactId: editing?.contactId ?? contact?.id ?? '',
      ...(ticketId ? { ticketId } : {}),
      sendAt: when && !Number.isNaN(when.getTime()) ? when.toISOString() : '',
    };
    const parsed = createScheduleSchema.safeParse(input);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        if ((field === 'body' || field === 'sendAt' || field === 'contactId') && !found[field])
          found[field] = translateMessage(issue.message);
      }
      return setErrors(found);
    }
    const payload = editing ? { body: parsed.data.body, sendAt: parsed.data.sendAt } : parsed.data;
    save.mutate(
      { id: editing?.id, input: payload, files },
      {
        onSuccess: (saved) => {
          notify.success(editing ? t('updated') : t('created'));
          if (!editing) onCreated?.(saved);
          if (showContactList) startNew();
          else onClose();
        },
        onError: (failure) => {
          // Saved, but a file was refused or failed: go on editing the saved one with the files left.
          const err = failure instanceof ScheduleUploadError ? failure.cause : failure;
          if (failure instanceof ScheduleUploadError) {
            setEditing(failure.schedule);
            setFiles(files.filter((f) => !failure.schedule.mediaName.some((m) => m.originalName === f.name)));
          }
          const fields = isApiError(err) ? err.fields : undefined;
          if (fields?.body || fields?.sendAt || fields?.file) {
            setErrors({
              body: translateMessage(fields.body),
              sendAt: translateMessage(fields.sendAt),
              file: translateMessage(fields.file),
            });
          } else notify.error(err);
        },
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify.success(t('deleted'));
        if (editing?.id === deleting.id) startNew();
        setDeleting(null);
      },
      onError: (err) => notify.error(err),
    });
  };

  const title = editing
    ? `${t('title')} · ${editing.status === 'ERRO' ? t('sendError') : t(`status.${editing.status}`)}`
    : t('title');
  const sent = Boolean(editing?.sentAt);

  return (
    <DialogShell open={open} onClose={onClose} size="md" testId="schedule-dialog">
      <Dialog.Header>
        <Dialog.Title data-testid="schedule-title">{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          {showContactList ? null : (
            <Field.Root invalid={Boolean(errors.contactId)} required>
              <Field.Label>
                {t('contact')}
                <Field.RequiredIndicator />
              </Field.Label>
              {contact ? (
                <HStack gap="2" w="full">
                  <Text flex="1" fontWeight="medium" truncate data-testid="schedule-contact">
                    {contact.name}
                  </Text>
                  {editing || props.contact ? null : (
                    <Button size="xs" variant="ghost" onClick={() => setContact(null)}>
                      {t('contactChange')}
                    </Button>
                  )}
                </HStack>
              ) : (
                <ContactPicker
                  testIdPrefix="schedule"
                  invalid={Boolean(errors.contactId)}
                  onPick={(picked) => {
                    setContact(picked);
                    setErrors((e) => ({ ...e, contactId: undefined }));
                  }}
                />
              )}
              {errors.contactId ? <Field.ErrorText>{errors.contactId}</Field.ErrorText> : null}
            </Field.Root>
          )}
          <Field.Root invalid={Boolean(errors.body)} required disabled={sent}>
            <Field.Label>
              {t('body')}
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
              {t('sendAt')}
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
          <ScheduleAttachments
            attached={editing?.mediaName ?? []}
            pending={files}
            onPendingChange={(next) => {
              setFiles(next);
              setErrors((e) => ({ ...e, file: undefined }));
            }}
            removeAttached={(media) =>
              removeMedia.mutateAsync({ id: editing?.id ?? '', originalName: media.originalName }).then(setEditing)
            }
            removing={removeMedia.isPending}
            error={errors.file}
            disabled={sent}
          />
          {showContactList && contact ? (
            <>
              <Separator />
              <Text fontWeight="semibold" textStyle="sm">
                {t('listTitle')}
              </Text>
              <ContactSchedules contactId={contact.id} editingId={editing?.id} onEdit={startEdit} onDelete={setDeleting} />
            </>
          ) : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={editing && showContactList ? startNew : onClose}>
          {t('common.cancel', { ns: 'translation' })}
        </Button>
        {sent ? (
          showContactList ? (
            <Button colorPalette="brand" onClick={startNew}>
              {t('new')}
            </Button>
          ) : null
        ) : (
          <Button colorPalette="brand" loading={save.isPending} onClick={submit} data-testid="schedule-submit">
            {editing ? t('save') : t('submit')}
          </Button>
        )}
      </Dialog.Footer>
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('deleteTitle')}
        confirmLabel={t('delete')}
        destructive
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {t('deleteText')}
      </ConfirmDialog>
    </DialogShell>
  );
}

function ContactSchedules(props: {
  contactId: string;
  editingId?: string;
  onEdit: (schedule: ScheduleDto) => void;
  onDelete: (schedule: ScheduleDto) => void;
}) {
  const { t } = useTranslation(SCHEDULES_NS);
  const schedules = useContactSchedules(props.contactId);
  return schedules.data ? (
    <ScheduleList schedules={schedules.data} editingId={props.editingId} onEdit={props.onEdit} onDelete={props.onDelete} />
  ) : (
    <Text textStyle="sm" color="fg.muted">
      {t('common.loading', { ns: 'translation' })}
    </Text>
  );
}
