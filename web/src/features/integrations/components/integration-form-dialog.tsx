import { Button, Dialog, Field, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createQueueIntegrationSchema,
  OPENAI_MODELS,
  QUEUE_INTEGRATION_TYPES,
  updateQueueIntegrationSchema,
  type QueueIntegrationDto,
  type QueueIntegrationFormValues,
  type QueueIntegrationInput,
} from '@atende/shared';
import { useEffect } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialogShell } from '@/components/dialog-shell';
import { LoadingState } from '@/components/loading-state';
import { useMediaQuery } from '@/hooks/use-media-query';
import { isApiError } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/toaster';
import { useIntegration, useSaveIntegration } from '../api/queue-integrations';
import {
  fieldsShown,
  formValuesOf,
  isRequired,
  LONG_FIELDS,
  NUMBER_FIELDS,
  SECRET_FIELDS,
  type FormField,
} from '../lib/integration-form';
import { INTEGRATIONS_NS } from '../i18n';

export interface IntegrationFormDialogProps {
  open: boolean;
  /** The integration being edited; undefined to add one. */
  integrationId?: string;
  onClose: () => void;
}

/** Spec part 2 §2 "Integration dialog": its title differs for add and edit; cancel and OK. */
export function IntegrationFormDialog({ open, integrationId, onClose }: IntegrationFormDialogProps) {
  const { t } = useTranslation(INTEGRATIONS_NS);
  const query = useIntegration(open ? integrationId : undefined);
  const isPhone = useMediaQuery('(max-width: 599px)');
  const editing = !!integrationId;
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      size={isPhone ? 'full' : 'lg'}
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Dialog.Header>
        <Dialog.Title>{editing ? t('modal.editTitle') : t('modal.addTitle')}</Dialog.Title>
      </Dialog.Header>
      {editing && !query.data ? (
        <Dialog.Body>
          <LoadingState minH="48" />
        </Dialog.Body>
      ) : (
        <IntegrationForm key={query.data?.id ?? 'new'} integration={query.data ?? null} onDone={onClose} />
      )}
    </DialogShell>
  );
}

function IntegrationForm({ integration, onDone }: { integration: QueueIntegrationDto | null; onDone: () => void }) {
  const { t } = useTranslation(INTEGRATIONS_NS);
  const save = useSaveIntegration();
  const schema = integration ? updateQueueIntegrationSchema : createQueueIntegrationSchema;
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<QueueIntegrationFormValues, unknown, QueueIntegrationInput>({
    resolver: zodResolver(schema) as unknown as Resolver<QueueIntegrationFormValues, unknown, QueueIntegrationInput>,
    defaultValues: formValuesOf(integration),
  });
  useEffect(() => reset(formValuesOf(integration)), [integration, reset]);
  const type = useWatch({ control, name: 'type' }) ?? 'typebot';

  const onSubmit = async (input: QueueIntegrationInput) => {
    try {
      await save.mutateAsync({ id: integration?.id, input });
      notify.success(integration ? t('edited') : t('added'));
      onDone();
    } catch (error) {
      const fields = isApiError(error) ? Object.entries(error.fields ?? {}) : [];
      for (const [field, message] of fields) setError(field as FormField, { message });
      if (fields.length === 0) notify.error(error);
    }
  };

  const fieldInput = (field: FormField) => {
    if (field === 'apiVersion' && type === 'openai') {
      return (
        <NativeSelect.Root>
          <NativeSelect.Field {...register('apiVersion')} placeholder={t('modal.chooseModel')}>
            {OPENAI_MODELS.map((model) => (
              <option key={model} value={model}>
                {model}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      );
    }
    if (LONG_FIELDS.includes(field)) return <Textarea rows={3} {...register(field)} />;
    if (NUMBER_FIELDS.includes(field)) return <Input type="number" inputMode="numeric" min={0} {...register(field)} />;
    if (SECRET_FIELDS.includes(field)) {
      const stored = integration?.[field as 'tokenApiKey' | 'clientSecret'];
      return (
        <Input
          type="password"
          autoComplete="off"
          placeholder={stored ? t('modal.secretKept', { masked: stored }) : undefined}
          {...register(field)}
        />
      );
    }
    return <Input type={field === 'urlApi' ? 'url' : 'text'} {...register(field)} />;
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate style={{ display: 'contents' }}>
      <Dialog.Body>
        <Stack gap="4" pt="1">
          <Field.Root invalid={!!errors.type} required>
            <Field.Label>
              {t('modal.type')}
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('type')} data-testid="integration-type">
                {QUEUE_INTEGRATION_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {t(`types.${value}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={!!errors.name} required>
            <Field.Label>
              {t('modal.name')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input {...register('name')} />
            <Field.ErrorText>{translateMessage(errors.name?.message)}</Field.ErrorText>
          </Field.Root>
          {fieldsShown(type).map((field) => {
            const required = isRequired(type, field) && !(integration && SECRET_FIELDS.includes(field));
            return (
              <Field.Root key={field} invalid={!!errors[field]} required={required}>
                <Field.Label>
                  {t(`fields.${field}`)}
                  {required ? <Field.RequiredIndicator /> : null}
                </Field.Label>
                {fieldInput(field)}
                {field === 'jsonContent' && type === 'openai' ? (
                  <Field.HelperText>{t('modal.promptHelp')}</Field.HelperText>
                ) : null}
                <Field.ErrorText>{translateMessage(errors[field]?.message)}</Field.ErrorText>
              </Field.Root>
            );
          })}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={isSubmitting} data-testid="integration-submit">
          {t('modal.ok')}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
