import { Badge, Input, Stack, Table } from '@chakra-ui/react';
import { planSchema, type PlanDto, type PlanInput } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { formatMoney } from '@/lib/format';
import { useAllPlans, useRemovePlan, useSavePlan } from '../api/settings';
import { BooleanSelect, FormField } from '@/components/form-field';
import { SETTINGS_NS } from '../i18n';
import { SettingsDeleteDialog, SettingsFormCard, SettingsTable } from './settings-crud';
import { RowActionsCell } from '../../../components/row-actions-cell';
import { useRecordEditor } from '../hooks/use-record-editor';

interface PlanFormValues {
  name: string;
  users: string;
  connections: string;
  queues: string;
  value: string;
  valueYearly: string;
  useIntegration: boolean;
  isActive: boolean;
  isPublished: boolean;
}

/** Money shows with a comma and may be typed with one (spec part 2 §5 "Plan form"). */
const money = (n: number | undefined) => (n === undefined ? '' : n.toFixed(2).replace('.', ','));
const valuesOf = (plan: PlanDto | null): PlanFormValues => ({
  name: plan?.name ?? '',
  users: String(plan?.users ?? 0),
  connections: String(plan?.connections ?? 0),
  queues: String(plan?.queues ?? 0),
  value: money(plan?.value ?? 0),
  valueYearly: money(plan?.valueYearly ?? 0),
  useIntegration: plan?.useIntegration ?? false,
  isActive: plan?.isActive ?? true,
  isPublished: plan?.isPublished ?? true,
});
const FLAGS = ['useIntegration', 'isActive', 'isPublished'] as const;
const NUMBERS = ['users', 'connections', 'queues', 'value', 'valueYearly'] as const;

/** Settings → Plans (super users; spec part 2 §2, §5). */
export function PlansTab() {
  const { t } = useTranslation(SETTINGS_NS);
  const plans = useAllPlans();
  const save = useSavePlan();
  const remove = useRemovePlan();
  const { form, edit, onSubmit, deletion } = useRecordEditor<PlanDto, PlanFormValues>({
    schema: planSchema,
    valuesOf,
    // The schema turns the typed strings into numbers: what reaches `save` is a PlanInput.
    save: (id, values) => save.mutateAsync({ id, input: values as unknown as PlanInput }),
    remove,
    saved: t('saved'),
    saveFailed: t('plan.saveFailed'),
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;

  if (plans.isPending) return <LoadingState />;
  if (plans.isError) return <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />;

  return (
    <Stack gap="5">
      <SettingsFormCard
        onSubmit={onSubmit}
        onClear={() => edit(null)}
        submitting={isSubmitting}
        testId="plan-form"
        templateColumns={{ base: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' }}
      >
        <FormField label={t('plan.name')} error={errors.name?.message} required>
          <Input {...register('name')} />
        </FormField>
        {NUMBERS.map((name) => (
          <FormField key={name} label={t(`plan.${name}`)} error={errors[name]?.message}>
            <Input inputMode="decimal" {...register(name)} />
          </FormField>
        ))}
        {FLAGS.map((name) => (
          <FormField key={name} label={t(`plan.${name}`)}>
            <BooleanSelect control={control} name={name} trueLabel={t('yes')} falseLabel={t('no')} />
          </FormField>
        ))}
      </SettingsFormCard>
      <SettingsTable
        empty={t('plan.empty')}
        columns={[
          t('plan.name'),
          t('plan.users'),
          t('plan.connections'),
          t('plan.queues'),
          t('plan.value'),
          t('plan.isPublished'),
        ]}
      >
        {plans.data.map((plan) => (
          <Table.Row key={plan.id} data-testid="plan-row">
            <Table.Cell fontWeight="medium">{plan.name}</Table.Cell>
            <Table.Cell>{plan.users}</Table.Cell>
            <Table.Cell>{plan.connections}</Table.Cell>
            <Table.Cell>{plan.queues}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatMoney(plan.value)}</Table.Cell>
            <Table.Cell>
              <Badge colorPalette={plan.isPublished ? 'green' : 'gray'}>{plan.isPublished ? t('yes') : t('no')}</Badge>
            </Table.Cell>
            <RowActionsCell onEdit={() => edit(plan)} onDelete={() => deletion.ask(plan)} />
          </Table.Row>
        ))}
      </SettingsTable>
      <SettingsDeleteDialog {...deletion.dialog} title={t('plan.deleteTitle', { name: deletion.target?.name ?? '' })}>
        {t('deleteText')}
      </SettingsDeleteDialog>
    </Stack>
  );
}
