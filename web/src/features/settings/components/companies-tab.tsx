import { Badge, Button, HStack, Input, Stack, Table } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  COMPANY_CHANNEL_OPTIONS,
  companySchema,
  dueDateTone,
  RECURRENCES,
  type AdminCompanyDto,
  type CompanyInput,
} from '@atende/shared';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { MaskedInput } from '@/components/masked-input';
import { useSession } from '@/hooks/use-session';
import { formatDate } from '@/lib/format';
import { PHONE_MASK, TAX_ID_MASK } from '@/lib/masks';
import { notify, toaster } from '@/lib/toaster';
import { useAllPlans, useCompanies, useRemoveCompany, useSaveCompany } from '../api/settings';
import { CampaignPanel } from './campaign-panel';
import { companyFormValues, daysUntil, extendDueDate, TIME_ZONES, type CompanyFormValues } from '../lib/company-form';
import { BooleanSelect, FormField, Select } from '@/components/form-field';
import { SETTINGS_NS } from '../i18n';
import { SettingsDeleteDialog, SettingsFormCard, SettingsTable } from './settings-crud';
import { RowActionsCell } from '../../../components/row-actions-cell';
import { useDeleteConfirmation } from '@/hooks/use-delete-confirmation';

const TONE_BG = {
  yellow: { base: 'yellow.100', _dark: 'yellow.900' },
  orange: { base: 'orange.100', _dark: 'orange.900' },
  red: { base: 'red.100', _dark: 'red.900' },
} as const;

/** Settings → Companies (super users; spec part 2 §2, §4, §5 "Company form"). */
export function CompaniesTab() {
  const { t } = useTranslation(SETTINGS_NS);
  const companies = useCompanies();
  const plans = useAllPlans();
  const [editing, setEditing] = useState<AdminCompanyDto | null>(null);
  const [formKey, setFormKey] = useState(0);
  const remove = useRemoveCompany();
  const deletion = useDeleteConfirmation({
    remove: (company: AdminCompanyDto) => remove.mutateAsync(company.id),
    pending: remove.isPending,
    done: t('saved'),
    onDeleted: (company) => {
      if (editing?.id === company.id) setEditing(null);
    },
    onError: () => toaster.create({ type: 'error', title: t('deleteFailed') }),
  });
  // The super users' own company (the platform) cannot be deleted: no button for it.
  const ownCompanyId = useSession().user?.companyId;
  const resellers = (companies.data ?? []).filter((company) => company.isResale && company.id !== editing?.id);

  if (companies.isPending || plans.isPending) return <LoadingState />;
  if (companies.isError) return <ErrorState error={companies.error} onRetry={() => void companies.refetch()} />;

  return (
    <Stack gap="5">
      <CompanyForm
        key={`${editing?.id ?? 'new'}-${formKey}`}
        company={editing}
        plans={plans.data ?? []}
        resellers={resellers}
        onDone={() => {
          setEditing(null);
          setFormKey((k) => k + 1);
        }}
      />
      <SettingsTable
        empty={t('company.empty')}
        columns={[
          t('company.name'),
          t('company.email'),
          t('company.plan'),
          t('company.status'),
          t('company.dueDate'),
          t('company.recurrence'),
        ]}
      >
        {(companies.data ?? []).map((company) => {
          const tone = dueDateTone(daysUntil(company.dueDate));
          return (
            <Table.Row
              key={company.id}
              bg={tone ? TONE_BG[tone] : undefined}
              data-testid="company-row"
              data-tone={tone ?? undefined}
            >
              <Table.Cell fontWeight="medium">{company.name}</Table.Cell>
              <Table.Cell>{company.email}</Table.Cell>
              <Table.Cell>{company.planName ?? '—'}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={company.status ? 'green' : 'gray'}>
                  {company.status ? t('common.active') : t('common.inactive')}
                </Badge>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDate(company.dueDate)}</Table.Cell>
              <Table.Cell>{t(`recurrence.${company.recurrence}`)}</Table.Cell>
              <RowActionsCell
                onEdit={() => setEditing(company)}
                onDelete={company.id !== ownCompanyId ? () => deletion.ask(company) : undefined}
              />
            </Table.Row>
          );
        })}
      </SettingsTable>
      <SettingsDeleteDialog {...deletion.dialog} title={t('company.deleteTitle', { name: deletion.target?.name ?? '' })}>
        {t('company.deleteText')}
      </SettingsDeleteDialog>
    </Stack>
  );
}

interface CompanyFormProps {
  company: AdminCompanyDto | null;
  plans: { id: string; name: string }[];
  resellers: AdminCompanyDto[];
  onDone: () => void;
}

function CompanyForm({ company, plans, resellers, onDone }: CompanyFormProps) {
  const { t } = useTranslation(SETTINGS_NS);
  const save = useSaveCompany();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CompanyFormValues>({
    resolver: zodResolver(companySchema) as unknown as Resolver<CompanyFormValues>,
    defaultValues: companyFormValues(company, plans[0]?.id),
  });
  const isResale = watch('isResale');
  const campaignsEnabled = watch('campaignsEnabled');
  const campaignLimit = watch('campaigns.limitOfCampaignBy');

  const onSubmit = async (values: CompanyFormValues) => {
    try {
      await save.mutateAsync({ id: company?.id, input: values as unknown as CompanyInput });
      notify.success(t('saved'));
      onDone();
    } catch {
      // Spec part 2 §8: the fixed company save failure text, 10 s.
      toaster.create({ type: 'error', title: t('company.saveFailed'), duration: 10_000 });
    }
  };

  return (
    <SettingsFormCard
      onSubmit={handleSubmit(onSubmit)}
      onClear={onDone}
      submitting={isSubmitting}
      testId="company-form"
      editingNote={company ? t('company.editing', { name: company.name }) : null}
      below={campaignsEnabled ? <CampaignPanel register={register} errors={errors} limit={campaignLimit} /> : null}
    >
      <FormField label={t('company.name')} error={errors.name?.message} required>
        <Input {...register('name')} />
      </FormField>
      <FormField label={t('company.email')} error={errors.email?.message} required>
        <Input type="email" {...register('email')} />
      </FormField>
      <FormField label={t('company.phone')} error={errors.phone?.message} required>
        <MaskedInput mask={PHONE_MASK} type="tel" {...register('phone')} />
      </FormField>
      <FormField label={t('company.vat')} error={errors.vat?.message}>
        <MaskedInput mask={TAX_ID_MASK} {...register('vat')} />
      </FormField>
      <FormField label={t('company.plan')} error={errors.planId?.message} required>
        <Select {...register('planId')}>
          {plans.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label={t('company.status')}>
        <BooleanSelect control={control} name="status" trueLabel={t('yes')} falseLabel={t('no')} />
      </FormField>
      <FormField label={t('company.isResale')}>
        <BooleanSelect control={control} name="isResale" trueLabel={t('yes')} falseLabel={t('no')} falseFirst />
      </FormField>
      {!isResale ? (
        <FormField label={t('company.clientOf')}>
          <Controller
            control={control}
            name="clientOf"
            render={({ field }) => (
              <Select value={field.value ?? ''} onChange={(e) => field.onChange(e.currentTarget.value || null)}>
                <option value="">{t('company.noRepresentative')}</option>
                {resellers.map((reseller) => (
                  <option key={reseller.id} value={reseller.id}>
                    {reseller.name}
                  </option>
                ))}
              </Select>
            )}
          />
        </FormField>
      ) : null}
      <FormField label={t('company.recurrence')}>
        <Select {...register('recurrence')}>
          {RECURRENCES.map((value) => (
            <option key={value} value={value}>
              {t(`recurrence.${value}`)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label={t('company.dueDate')} error={errors.dueDate?.message}>
        <HStack w="full">
          <Controller
            control={control}
            name="dueDate"
            render={({ field }) => (
              // An invalid date is sent as null (spec part 2 §5).
              <Input type="date" value={field.value ?? ''} onChange={(e) => field.onChange(e.currentTarget.value || null)} />
            )}
          />
          <Button
            variant="outline"
            flexShrink={0}
            onClick={() =>
              setValue('dueDate', extendDueDate(getValues('dueDate'), getValues('recurrence')), {
                shouldDirty: true,
              })
            }
            data-testid="extend-due-date"
          >
            {t('company.extend')}
          </Button>
        </HStack>
      </FormField>
      <FormField label={t('company.timeZone')} error={errors.timeZone?.message}>
        <Select {...register('timeZone')}>
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label={t('campaigns.enabled')}>
        <BooleanSelect
          control={control}
          name="campaignsEnabled"
          trueLabel={t('yes')}
          falseLabel={t('no')}
          falseFirst
          data-testid="campaigns-enabled"
        />
      </FormField>
      {COMPANY_CHANNEL_OPTIONS.map((option) => (
        <FormField key={option} label={t(`company.${option}`)}>
          <BooleanSelect
            control={control}
            name={option}
            trueLabel={t('yes')}
            falseLabel={t('no')}
            falseFirst
            data-testid={`company-${option}`}
          />
        </FormField>
      ))}
    </SettingsFormCard>
  );
}
