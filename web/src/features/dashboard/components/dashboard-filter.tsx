import { Button, HStack, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { DASHBOARD_PERIODS, dashboardFilterFormSchema, type DashboardFilterForm } from '@atende/shared';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuFilter } from 'react-icons/lu';
import { FormField, Select } from '@/components/form-field';
import type { DashboardFilter as Filter } from '../api/dashboard-api';
import { DASHBOARD_NS } from '../i18n';

/** `YYYY-MM-DD` of a local date. */
export const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The default: from the start of the month to today (spec part 1 §2). */
export function defaultDashboardFilter(today = new Date()): Filter {
  return { date_from: dayOf(new Date(today.getFullYear(), today.getMonth(), 1)), date_to: dayOf(today) };
}

/**
 * The period: one of 3…90 days, or a date range; at least one must be set ('Parametrize o filtro',
 * spec part 1 §5). Choosing a period clears the dates and the other way round.
 */
export function DashboardFilterForm({ value, onApply }: { value: Filter; onApply: (filter: Filter) => void }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<DashboardFilterForm>({
    resolver: zodResolver(dashboardFilterFormSchema) as unknown as Resolver<DashboardFilterForm>,
    defaultValues: {
      days: value.days ? String(value.days) : '',
      date_from: value.date_from ?? '',
      date_to: value.date_to ?? '',
    },
  });
  const apply = (form: DashboardFilterForm) =>
    onApply(form.days ? { days: Number(form.days) } : { date_from: form.date_from, date_to: form.date_to });
  const clearPeriod = () => setValue('days', '');

  return (
    <form onSubmit={(event) => void handleSubmit(apply)(event)} noValidate data-testid="dashboard-filter">
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-end' }}>
        <FormField label={t('filter.from')} error={errors.date_from?.message}>
          <Input type="date" {...register('date_from', { onChange: clearPeriod })} data-testid="dashboard-from" />
        </FormField>
        <FormField label={t('filter.to')} error={errors.date_to?.message}>
          <Input type="date" {...register('date_to', { onChange: clearPeriod })} data-testid="dashboard-to" />
        </FormField>
        <FormField label={t('filter.period')} error={errors.days?.message}>
          <Select
            {...register('days', {
              onChange: (event: { target: { value: string } }) => {
                if (event.target.value) {
                  setValue('date_from', '');
                  setValue('date_to', '');
                }
              },
            })}
            data-testid="dashboard-period"
          >
            <option value="">{t('filter.noPeriod')}</option>
            {DASHBOARD_PERIODS.map((days) => (
              <option key={days} value={String(days)}>
                {t('filter.days', { count: days })}
              </option>
            ))}
          </Select>
        </FormField>
        <HStack flexShrink={0}>
          <Button type="submit" w={{ base: 'full', md: 'auto' }} data-testid="dashboard-apply">
            <LuFilter />
            {t('filter.apply')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
