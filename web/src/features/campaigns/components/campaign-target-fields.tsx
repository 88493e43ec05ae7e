import { Grid, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '@/components/choice-group';
import { FormField, Select } from '@/components/form-field';
import { useConnectionOptions, useContactListOptions, useTagOptions } from '../api/campaign-lookups';
import { CAMPAIGNS_NS } from '../i18n';
import { fromLocalInput, toLocalInput, type CampaignFormValues } from '../lib/campaign-form';
import { ConnectionsSelect } from './connections-select';

type Target = 'list' | 'tag';

interface CampaignTargetFieldsProps {
  form: UseFormReturn<CampaignFormValues>;
  readOnly: boolean;
  /** A CANCELADA campaign keeps its target, connections, schedule and flow (the API refuses a change). */
  setupLocked: boolean;
}

/**
 * Name, connections, whom it goes to (a contact list or a tag: exactly one, spec §3), when (none
 * keeps it INATIVA), and whether a confirmation is asked first.
 */
export function CampaignTargetFields({ form, readOnly, setupLocked }: CampaignTargetFieldsProps) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const { register, control, setValue, getValues, formState } = form;
  const { errors } = formState;
  const [target, setTarget] = useState<Target>(() => (getValues('tagListId') ? 'tag' : 'list'));
  const connections = useConnectionOptions().data ?? [];
  const lists = useContactListOptions(target === 'list').data ?? [];
  const tags = useTagOptions(target === 'tag').data ?? [];

  const chooseTarget = (next: Target) => {
    setTarget(next);
    // Exactly one of the two travels: the other is cleared.
    setValue(next === 'list' ? 'tagListId' : 'contactListId', null, { shouldDirty: true });
  };
  const targetField = target === 'list' ? 'contactListId' : 'tagListId';
  const targetOptions = target === 'list' ? lists : tags;
  const locked = readOnly || setupLocked;

  return (
    <Stack gap="4">
      <FormField label={t('dialog.name')} error={errors.name?.message} required>
        <Input {...register('name')} readOnly={readOnly} autoComplete="off" data-testid="campaign-name-input" />
      </FormField>
      <FormField label={t('dialog.connections')} error={errors.whatsappIds?.message} required>
        <Controller
          control={control}
          name="whatsappIds"
          render={({ field }) => (
            <ConnectionsSelect
              connections={connections}
              value={field.value}
              onChange={field.onChange}
              placeholder={t('dialog.connectionsPlaceholder')}
              label={t('dialog.connections')}
              invalid={Boolean(errors.whatsappIds)}
              disabled={locked}
            />
          )}
        />
      </FormField>
      <Stack gap="2">
        <Text textStyle="sm" fontWeight="medium">
          {t('dialog.target')}
        </Text>
        {locked ? null : (
          <ChoiceGroup<Target>
            value={target}
            onChange={chooseTarget}
            testIdPrefix="campaign-target"
            options={[
              { value: 'list', label: t('dialog.targetList') },
              { value: 'tag', label: t('dialog.targetTag') },
            ]}
          />
        )}
        <FormField
          label={target === 'list' ? t('dialog.contactList') : t('dialog.tag')}
          error={errors.contactListId?.message ?? errors.tagListId?.message}
          required
          disabled={locked}
        >
          <Controller
            key={targetField}
            control={control}
            name={targetField}
            render={({ field }) => (
              <Select
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.currentTarget.value || null)}
                data-testid="campaign-target-select"
              >
                <option value="">
                  {target === 'list' ? t('dialog.contactListPlaceholder') : t('dialog.tagPlaceholder')}
                </option>
                {targetOptions.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </Select>
            )}
          />
        </FormField>
      </Stack>
      <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4" alignItems="end">
        <FormField label={t('dialog.scheduledAt')} error={errors.scheduledAt?.message}>
          <Controller
            control={control}
            name="scheduledAt"
            render={({ field }) => (
              <Input
                type="datetime-local"
                value={toLocalInput(field.value)}
                onChange={(event) => field.onChange(fromLocalInput(event.target.value))}
                onBlur={field.onBlur}
                readOnly={locked}
                data-testid="campaign-scheduled-at"
              />
            )}
          />
        </FormField>
        <Controller
          control={control}
          name="confirmation"
          render={({ field }) => (
            <Switch.Root
              checked={field.value}
              onCheckedChange={(details) => field.onChange(details.checked)}
              disabled={locked}
              colorPalette="brand"
              pb="2"
              data-testid="campaign-confirmation"
            >
              <Switch.HiddenInput onBlur={field.onBlur} />
              <Switch.Control />
              <Switch.Label>{t('dialog.confirmation')}</Switch.Label>
            </Switch.Root>
          )}
        />
      </Grid>
      <Text textStyle="xs" color="fg.muted" mt="-2">
        {t('dialog.scheduledHint')}
      </Text>
    </Stack>
  );
}
