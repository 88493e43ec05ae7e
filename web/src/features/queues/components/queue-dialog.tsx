import { Box, Button, Dialog, Field, Input, NativeSelect, Separator, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { showsQueueHours, type QueueDto } from '@atende/shared';
import { useMemo, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '@/components/choice-group';
import { DialogShell } from '@/components/dialog-shell';
import { LoadingState } from '@/components/loading-state';
import { WeekHoursEditor } from '@/components/week-hours-editor';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useSession } from '@/hooks/use-session';
import { isApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/toaster';
import { useQueue, useQueueIntegrations, useQueues, useSaveQueue } from '../api/queues';
import { formValuesOf, queueFormSchemaFor, toQueuePayload, type QueueFormValues } from '../lib/queue-form';
import { ColorPalette } from './color-palette';
import { QueueMenuEditor } from './queue-menu-editor';
import { QUEUES_NS } from '../i18n';

type Tab = 'data' | 'hours';
const FORM_ID = 'queue-form';
/** Server refusals that belong to one field (spec part 3 §8): shown there, no toast. */
const FIELD_OF_ERROR: Record<string, keyof QueueFormValues> = {
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 'color',
  ERR_WAPP_GREETING_REQUIRED: 'greetingMessage',
};

/**
 * The queue dialog (spec part 3 §2): tab 'Dados da Fila' (name, colour palette, greeting, out-of-hours
 * message, the integration selector when the plan has useIntegration, and the menu options) and, only
 * while scheduleType is 'queue', tab 'Horarios de atendimento'. A new queue stays open after its first
 * save, so its menu can be built at once.
 */
export function QueueDialog({ open, queueId, onClose }: { open: boolean; queueId?: string; onClose: () => void }) {
  const { t } = useTranslation(QUEUES_NS);
  const [savedId, setSavedId] = useState<string | undefined>(undefined);
  const id = queueId ?? savedId;
  const queue = useQueue(open ? id : undefined);
  const isPhone = useMediaQuery('(max-width: 479px)');
  const close = () => {
    setSavedId(undefined);
    onClose();
  };
  return (
    <DialogShell open={open} onClose={close} size={isPhone ? 'full' : 'lg'} scrollBehavior="inside" lazyMount unmountOnExit>
      <Dialog.Header>
        <Dialog.Title>{id ? t('dialog.editTitle') : t('dialog.addTitle')}</Dialog.Title>
      </Dialog.Header>
      {id && !queue.data ? (
        <Dialog.Body>
          <LoadingState minH="48" />
        </Dialog.Body>
      ) : (
        <QueueForm key={queue.data?.id ?? 'new'} queue={queue.data ?? null} onCreated={setSavedId} onDone={close} />
      )}
    </DialogShell>
  );
}

function QueueForm({
  queue,
  onCreated,
  onDone,
}: {
  queue: QueueDto | null;
  onCreated: (id: string) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(QUEUES_NS);
  const { company, settings } = useSession();
  const hasHours = showsQueueHours(settings);
  const useIntegration = company?.plan?.useIntegration === true;
  const integrations = useQueueIntegrations(useIntegration);
  const save = useSaveQueue();
  // With more than one queue the server requires a greeting (ERR_WAPP_GREETING_REQUIRED): said before
  // saving, with the other fields' errors, not after a round trip.
  const otherQueues = (useQueues().data ?? []).filter((q) => q.id !== queue?.id).length;
  const greetingRequired = otherQueues > 0;
  const resolver = useMemo(
    () => zodResolver(queueFormSchemaFor(greetingRequired)) as unknown as Resolver<QueueFormValues>,
    [greetingRequired],
  );
  const [tab, setTab] = useState<Tab>('data');
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<QueueFormValues>({
    resolver,
    defaultValues: formValuesOf(queue),
  });

  const onSubmit = async (values: QueueFormValues) => {
    try {
      const saved = await save.mutateAsync({ id: queue?.id, input: toQueuePayload(values) });
      notify.success(t('saved'));
      if (queue) onDone();
      else onCreated(saved.id);
    } catch (error) {
      const field = isApiError(error) ? FIELD_OF_ERROR[error.code] : undefined;
      if (field) {
        setTab('data');
        setError(field, { message: `errors.${(error as { code: string }).code}` });
        return;
      }
      const fields = isApiError(error) ? Object.entries(error.fields ?? {}) : [];
      for (const [name, message] of fields) setError(name as keyof QueueFormValues, { message });
      if (fields.length === 0) notify.error(error);
    }
  };
  const invalidTime = (index: number, which: 'startTime' | 'endTime') =>
    translateMessage(
      (errors.schedules as unknown as Record<number, Record<string, { message?: string }>> | undefined)?.[index]?.[which]
        ?.message,
    );

  return (
    <>
      <Dialog.Body>
        <Stack gap="5">
          {hasHours ? (
            <Box overflowX="auto">
              <ChoiceGroup
                value={tab}
                onChange={setTab}
                options={[
                  { value: 'data', label: t('dialog.dataTab') },
                  { value: 'hours', label: t('dialog.hoursTab') },
                ]}
                testIdPrefix="queue-tab"
              />
            </Box>
          ) : null}
          <form id={FORM_ID} onSubmit={handleSubmit(onSubmit)} noValidate>
            <Stack gap="4" display={tab === 'data' ? 'flex' : 'none'}>
              <Field.Root invalid={!!errors.name} required>
                <Field.Label>
                  {t('dialog.name')}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input {...register('name')} />
                <Field.ErrorText>{translateMessage(errors.name?.message)}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!errors.color} required>
                <Field.Label>
                  {t('dialog.color')}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Controller
                  control={control}
                  name="color"
                  render={({ field }) => <ColorPalette value={field.value} onChange={field.onChange} />}
                />
                <Field.ErrorText>{translateMessage(errors.color?.message) ?? t('validation.color')}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!errors.greetingMessage} required={greetingRequired}>
                <Field.Label>
                  {t('dialog.greeting')}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Textarea rows={3} {...register('greetingMessage')} />
                {greetingRequired && !errors.greetingMessage ? (
                  <Field.HelperText>{t('dialog.greetingRequired')}</Field.HelperText>
                ) : null}
                <Field.ErrorText>{translateMessage(errors.greetingMessage?.message)}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!errors.outOfHoursMessage}>
                <Field.Label>{t('dialog.outOfHours')}</Field.Label>
                <Textarea rows={3} {...register('outOfHoursMessage')} />
              </Field.Root>
              {useIntegration ? (
                <Field.Root>
                  <Field.Label>{t('dialog.integration')}</Field.Label>
                  <Controller
                    control={control}
                    name="integrationId"
                    render={({ field }) => (
                      <NativeSelect.Root disabled={integrations.isPending}>
                        <NativeSelect.Field
                          value={field.value ?? ''}
                          onChange={(event) => field.onChange(event.target.value || null)}
                          data-testid="queue-integration"
                        >
                          <option value="">{t('dialog.noIntegration')}</option>
                          {(integrations.data ?? []).map((integration) => (
                            <option key={integration.id} value={integration.id}>
                              {integration.name}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    )}
                  />
                </Field.Root>
              ) : null}
            </Stack>
            {hasHours && tab === 'hours' ? (
              <Stack gap="3">
                <Text fontSize="sm" color="fg.muted">
                  {t('dialog.hoursHelp')}
                </Text>
                <Controller
                  control={control}
                  name="schedules"
                  render={({ field }) => (
                    <WeekHoursEditor
                      value={field.value}
                      onChange={field.onChange}
                      labels={{
                        weekday: (day) => t(`weekdays.${day}`),
                        start: t('dialog.start'),
                        end: t('dialog.end'),
                        invalid: invalidTime,
                      }}
                    />
                  )}
                />
              </Stack>
            ) : null}
          </form>
          {tab === 'data' ? (
            <Stack gap="3">
              <Separator />
              <Text fontWeight="semibold">{t('menu.title')}</Text>
              {queue ? (
                <QueueMenuEditor queueId={queue.id} canEdit />
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  {t('menu.saveFirst')}
                </Text>
              )}
            </Stack>
          ) : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" form={FORM_ID} colorPalette="brand" loading={isSubmitting}>
          {t('save')}
        </Button>
      </Dialog.Footer>
    </>
  );
}
