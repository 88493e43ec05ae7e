import { useEffect, useRef } from 'react';
import { Button, Dialog, Skeleton, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuSparkles } from 'react-icons/lu';
import {
  CONNECTION_MSG,
  connectionFormSchema,
  mayReadConnectionToken,
  maySetConnectionToken,
  type ConnectionFormInput,
  type ConnectionFormOutput,
} from '@atende/shared';
import { DialogShell } from '@/components/dialog-shell';
import { useQueueOptions } from '@/entities/queue';
import { isApiError } from '@/lib/api-client';
import { notify, toaster } from '@/lib/toaster';
import { useSession } from '@/hooks/use-session';
import { useConnection, useSaveConnection, type Connection } from '../api/connections';
import { useIsPhone } from '../hooks/use-is-phone';
import { connectionErrorText } from '../lib/error-text';
import { generateMessages } from '../lib/generate-messages';
import { ConnectionFormFields } from './connection-form-fields';
import { translateMessage } from '@/lib/i18n';

/** The transfer-queue warnings stay 6 s (spec part 2 §8–9). */
const TRANSFER_WARNING_MS = 6000;

export const EMPTY_CONNECTION_FORM: ConnectionFormInput = {
  name: '',
  isDefault: false,
  greetingMessage: '',
  complationMessage: '',
  outOfHoursMessage: '',
  ratingMessage: '',
  token: '',
  queueIds: [],
  timeToTransfer: null,
  transferQueueId: null,
};

export function toFormValues(connection: Connection): ConnectionFormInput {
  return {
    name: connection.name,
    channel: connection.channel,
    provider: connection.provider,
    isDefault: connection.isDefault,
    greetingMessage: connection.greetingMessage ?? '',
    complationMessage: connection.complationMessage ?? '',
    outOfHoursMessage: connection.outOfHoursMessage ?? '',
    ratingMessage: connection.ratingMessage ?? '',
    token: connection.token ?? '',
    queueIds: connection.queueIds ?? (connection.queues ?? []).map((q) => q.id),
    timeToTransfer: connection.timeToTransfer ?? null,
    transferQueueId: connection.transferQueueId ?? null,
  };
}

export interface ConnectionDialogProps {
  open: boolean;
  /** null: a new WhatsApp connection. */
  connectionId: string | null;
  onClose: () => void;
  /** A new connection was added: its session starts, so the page opens its QR dialog (issue 8 item 17). */
  onCreated?: (connection: Connection) => void;
}

export function ConnectionDialog({ open, connectionId, onClose, onCreated }: ConnectionDialogProps) {
  const { t, i18n } = useTranslation('connections');
  const { viewer, policy } = useSession();
  // The API token: shown to who may read it, sent only by who may set it (shared policy; issue 8 item 5).
  const useApi = viewer !== null && mayReadConnectionToken(viewer, policy);
  const maySetToken = viewer !== null && maySetConnectionToken(viewer, policy);
  const existing = useConnection(open ? connectionId : null);
  const queues = useQueueOptions(open);
  const save = useSaveConnection();
  const isPhone = useIsPhone();
  const form = useForm<ConnectionFormInput, unknown, ConnectionFormOutput>({
    resolver: zodResolver(connectionFormSchema),
    defaultValues: EMPTY_CONNECTION_FORM,
  });

  // Fill the form once per opening: later live patches of the cached connection (status, QR)
  // must not wipe what the user is typing.
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!open) {
      filledFor.current = null;
      return;
    }
    const key = connectionId ?? 'new';
    if (filledFor.current === key) return;
    if (connectionId && !existing.data) return;
    form.reset(connectionId && existing.data ? toFormValues(existing.data) : EMPTY_CONNECTION_FORM);
    filledFor.current = key;
  }, [open, connectionId, existing.data, form]);

  const onGenerate = () => {
    const result = generateMessages({
      name: form.getValues('name'),
      useApi: maySetToken,
      language: i18n.resolvedLanguage ?? 'pt-BR',
    });
    if (!result.ok) {
      notify.warning(translateMessage(CONNECTION_MSG.generateNeedsName)!);
      return;
    }
    for (const [field, value] of Object.entries(result.values)) {
      form.setValue(field as keyof ConnectionFormInput, value, { shouldDirty: true, shouldValidate: field === 'name' });
    }
    notify.success(t('form.messagesGenerated'));
  };

  const onInvalid = (errors: FieldErrors<ConnectionFormInput>) => {
    const transfer = translateMessage(errors.transferQueueId?.message);
    if (transfer) toaster.create({ type: 'warning', title: transfer, duration: TRANSFER_WARNING_MS });
  };

  const onSubmit = async (values: ConnectionFormOutput) => {
    // Without the API option the token is not ours to touch ('' would mean "keep" anyway).
    const { token, ...rest } = values;
    try {
      const saved = await save.mutateAsync({ id: connectionId, payload: maySetToken && token ? { ...rest, token } : rest });
      notify.success(t('form.saved'));
      onClose();
      if (!connectionId && saved?.id) onCreated?.(saved);
    } catch (error) {
      // Field errors show on their fields (translated there); a toast only for what has no field.
      if (isApiError(error) && error.fields && Object.keys(error.fields).length > 0) {
        for (const [field, message] of Object.entries(error.fields)) {
          form.setError(field as keyof ConnectionFormInput, { message });
        }
        return;
      }
      notify.error(connectionErrorText(error));
    }
  };

  const loading = connectionId !== null && existing.isPending;

  return (
    <DialogShell
      open={open}
      onClose={onClose}
      size={isPhone ? 'full' : 'xl'}
      scrollBehavior="inside"
      testId="connection-dialog"
    >
      {/* display: contents keeps the dialog's header/body/footer layout (scrolling body) intact. */}
      <form style={{ display: 'contents' }} onSubmit={form.handleSubmit(onSubmit, onInvalid)} noValidate>
        <Dialog.Header>
          <Dialog.Title>{connectionId ? t('form.editTitle') : t('form.addTitle')}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          {loading ? (
            <Stack gap="4">
              <Skeleton h="10" />
              <Skeleton h="24" />
              <Skeleton h="24" />
            </Stack>
          ) : (
            <FormProvider {...form}>
              <ConnectionFormFields queues={queues.data ?? []} showToken={useApi} />
            </FormProvider>
          )}
        </Dialog.Body>
        <Dialog.Footer justifyContent="space-between" flexWrap="wrap" gap="3">
          <Button variant="subtle" colorPalette="brand" onClick={onGenerate} disabled={loading}>
            <LuSparkles /> {t('form.generateMessages')}
          </Button>
          <Stack direction="row" gap="3">
            <Button variant="outline" onClick={onClose} disabled={save.isPending}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={loading}>
              {connectionId ? t('form.save') : t('form.add')}
            </Button>
          </Stack>
        </Dialog.Footer>
      </form>
    </DialogShell>
  );
}
