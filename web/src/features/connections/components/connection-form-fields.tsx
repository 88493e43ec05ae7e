import { Field, Grid, HStack, Input, Separator, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ConnectionFormInput } from '@atende/shared';
import { QueueMultiSelect, QueueSingleSelect, type QueueOption } from '@/entities/queue';
import { TokenField } from './token-field';
import { translateMessage } from '@/lib/i18n';

/** Interpolate the placeholders as themselves: they are literal text in this hint. */
const PLACEHOLDERS_AS_TEXT = { name: '{{name}}', ms: '{{ms}}', protocol: '{{protocol}}' };

const MESSAGE_FIELDS = ['greetingMessage', 'complationMessage', 'outOfHoursMessage', 'ratingMessage'] as const;

/** Every field of the connection edit dialog (spec part 2 §2), bound to the surrounding form. */
export function ConnectionFormFields({ queues, showToken }: { queues: QueueOption[]; showToken: boolean }) {
  const { t } = useTranslation('connections');
  const { register, control, formState } = useFormContext<ConnectionFormInput>();
  const { errors } = formState;

  return (
    <Stack gap="5">
      <Grid templateColumns={{ base: '1fr', sm: '1fr auto' }} gap="4" alignItems="end">
        <Field.Root invalid={!!errors.name} required>
          <Field.Label>
            {t('form.name')} <Field.RequiredIndicator />
          </Field.Label>
          <Input {...register('name')} autoFocus placeholder={t('form.namePlaceholder')} />
          <Field.ErrorText>{translateMessage(errors.name?.message)}</Field.ErrorText>
        </Field.Root>
        <Controller
          control={control}
          name="isDefault"
          render={({ field }) => (
            <Switch.Root
              checked={!!field.value}
              onCheckedChange={(details) => field.onChange(details.checked)}
              colorPalette="brand"
              pb="2"
            >
              <Switch.HiddenInput onBlur={field.onBlur} />
              <Switch.Control />
              <Switch.Label>{t('form.isDefault')}</Switch.Label>
            </Switch.Root>
          )}
        />
      </Grid>

      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        {MESSAGE_FIELDS.map((name) => (
          <Field.Root key={name} invalid={!!errors[name]}>
            <Field.Label>{t(`form.${name}`)}</Field.Label>
            <Textarea {...register(name)} rows={4} autoresize maxH="40" textStyle="sm" />
            <Field.ErrorText>{translateMessage(errors[name]?.message)}</Field.ErrorText>
          </Field.Root>
        ))}
      </Grid>
      <Text textStyle="xs" color="fg.muted" mt="-3">
        {t('form.placeholdersHelp', PLACEHOLDERS_AS_TEXT)}
      </Text>

      {showToken ? (
        <Controller
          control={control}
          name="token"
          render={({ field }) => <TokenField value={field.value} onChange={field.onChange} />}
        />
      ) : null}

      <Separator />

      <Field.Root invalid={!!errors.queueIds}>
        <Field.Label>{t('form.queues')}</Field.Label>
        <Controller
          control={control}
          name="queueIds"
          render={({ field }) => (
            <QueueMultiSelect
              queues={queues}
              value={field.value ?? []}
              onChange={field.onChange}
              placeholder={queues.length ? t('form.queuesPlaceholder') : t('form.noQueues')}
              disabled={queues.length === 0}
              aria-label={t('form.queues')}
            />
          )}
        />
        <Field.ErrorText>{translateMessage(errors.queueIds?.message)}</Field.ErrorText>
      </Field.Root>

      <HStack gap="4" align="flex-start" flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
        <Field.Root invalid={!!errors.timeToTransfer} w={{ base: 'full', sm: '48' }} flexShrink={0}>
          <Field.Label>{t('form.timeToTransfer')}</Field.Label>
          <Input
            type="number"
            min={0}
            inputMode="numeric"
            {...register('timeToTransfer', { setValueAs: (v: unknown) => (v === '' || v == null ? null : Number(v)) })}
          />
          <Field.ErrorText>{translateMessage(errors.timeToTransfer?.message)}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.transferQueueId} flex="1">
          <Field.Label>{t('form.transferQueue')}</Field.Label>
          <Controller
            control={control}
            name="transferQueueId"
            render={({ field }) => (
              <QueueSingleSelect
                queues={queues}
                value={(field.value as string | null | undefined) ?? null}
                onChange={field.onChange}
                placeholder={t('form.transferQueuePlaceholder')}
                disabled={queues.length === 0}
                aria-label={t('form.transferQueue')}
              />
            )}
          />
          <Field.ErrorText>{translateMessage(errors.transferQueueId?.message)}</Field.ErrorText>
        </Field.Root>
      </HStack>
    </Stack>
  );
}
