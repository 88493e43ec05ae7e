import { Badge, Button, Card, Grid, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { InputMask } from '@react-input/mask';
import { companySchema, dueDateTone, RECURRENCES, type AdminCompanyDto, type CompanyInput } from '@atende/shared';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useSession } from '@/hooks/use-session';
import { formatDate } from '@/lib/format';
import { PHONE_MASK, taxIdMaskFor } from '@/lib/masks';
import { notify, toaster } from '@/lib/toaster';
import { useAllPlans, useCompanies, useRemoveCompany, useSaveCompany } from '../api/settings';
import { CampaignPanel } from './campaign-panel';
import { companyFormValues, daysUntil, extendDueDate, TIME_ZONES, type CompanyFormValues } from '../lib/company-form';
import { FormField, Select } from '@/components/form-field';
import { SETTINGS_NS } from '../i18n';
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
      <Table.ScrollArea borderWidth="1px" borderRadius="lg">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('company.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('company.email')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('company.plan')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('company.status')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('company.dueDate')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('company.recurrence')}</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
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
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <ConfirmDialog
        {...deletion.dialog}
        title={t('company.deleteTitle', { name: deletion.target?.name ?? '' })}
        destructive
        confirmLabel={t('common.delete')}
      >
        {t('company.deleteText')}
      </ConfirmDialog>
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
  // Chosen once per form (it is keyed by the company): a new options object each render re-inits the mask.
  const [vatMask] = useState(() => taxIdMaskFor(getValues('vat')));
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
    <Card.Root>
      <Card.Body>
        <form onSubmit={handleSubmit(onSubmit)} noValidate data-testid="company-form">
          <Stack gap="4">
            <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4" alignItems="start">
              <FormField label={t('company.name')} error={errors.name?.message} required>
                <Input {...register('name')} />
              </FormField>
              <FormField label={t('company.email')} error={errors.email?.message} required>
                <Input type="email" {...register('email')} />
              </FormField>
              <FormField label={t('company.phone')} error={errors.phone?.message} required>
                <InputMask component={Input} {...PHONE_MASK} type="tel" {...register('phone')} />
              </FormField>
              <FormField label={t('company.vat')} error={errors.vat?.message}>
                <InputMask component={Input} {...vatMask} {...register('vat')} />
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
                <Controller
                  control={control}
                  name="status"
                  render={({ field }) => (
                    <Select value={String(field.value)} onChange={(e) => field.onChange(e.currentTarget.value === 'true')}>
                      <option value="true">{t('yes')}</option>
                      <option value="false">{t('no')}</option>
                    </Select>
                  )}
                />
              </FormField>
              <FormField label={t('company.isResale')}>
                <Controller
                  control={control}
                  name="isResale"
                  render={({ field }) => (
                    <Select value={String(field.value)} onChange={(e) => field.onChange(e.currentTarget.value === 'true')}>
                      <option value="false">{t('no')}</option>
                      <option value="true">{t('yes')}</option>
                    </Select>
                  )}
                />
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
                      <Input
                        type="date"
                        value={field.value ?? ''}
                        onChange={(e) => field.onChange(e.currentTarget.value || null)}
                      />
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
                <Controller
                  control={control}
                  name="campaignsEnabled"
                  render={({ field }) => (
                    <Select
                      value={String(field.value)}
                      onChange={(e) => field.onChange(e.currentTarget.value === 'true')}
                      data-testid="campaigns-enabled"
                    >
                      <option value="false">{t('no')}</option>
                      <option value="true">{t('yes')}</option>
                    </Select>
                  )}
                />
              </FormField>
            </Grid>
            {campaignsEnabled ? <CampaignPanel register={register} errors={errors} limit={campaignLimit} /> : null}
            <HStack justify="flex-end">
              <Text flex="1" fontSize="sm" color="fg.muted">
                {company ? t('company.editing', { name: company.name }) : null}
              </Text>
              <Button variant="outline" onClick={onDone}>
                {t('clear')}
              </Button>
              <Button type="submit" loading={isSubmitting}>
                {t('common.save')}
              </Button>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
