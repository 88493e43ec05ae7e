import { Button, Card, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from '@atende/shared/zod';
import { ONLINE_CLIENTS_DEFAULT_MINUTES, onlineMinutesSchema } from '@atende/shared';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuUsers } from 'react-icons/lu';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { FormField } from '@/components/form-field';
import { LoadingState } from '@/components/loading-state';
import { useOnlineCompanies } from '../api/settings';
import { SETTINGS_NS } from '../i18n';

const filterSchema = z.object({ minutes: onlineMinutesSchema });
type Filter = { minutes: number };

/** Settings → Reports (super users, spec part 2 §2): companies with users online in the last N minutes. */
export function ReportsTab() {
  const { t, i18n } = useTranslation(SETTINGS_NS);
  const [minutes, setMinutes] = useState(ONLINE_CLIENTS_DEFAULT_MINUTES);
  const online = useOnlineCompanies(minutes);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Filter>({
    resolver: zodResolver(filterSchema) as unknown as Resolver<Filter>,
    defaultValues: { minutes: ONLINE_CLIENTS_DEFAULT_MINUTES },
  });
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const onSubmit = (values: Filter) => {
    if (values.minutes === minutes) void online.refetch();
    else setMinutes(values.minutes);
  };

  return (
    <Stack gap="5">
      <Card.Root>
        <Card.Body>
          <form onSubmit={handleSubmit(onSubmit)} noValidate data-testid="online-filter">
            <HStack align="end" gap="3" flexWrap="wrap">
              <FormField label={t('reports.minutes')} error={errors.minutes?.message} required>
                <Input type="number" min={1} inputMode="numeric" maxW="40" {...register('minutes')} />
              </FormField>
              <Button type="submit" loading={online.isFetching}>
                {t('reports.search')}
              </Button>
            </HStack>
          </form>
        </Card.Body>
      </Card.Root>
      {online.isPending ? <LoadingState /> : null}
      {online.isError ? <ErrorState error={online.error} onRetry={() => void online.refetch()} /> : null}
      {online.data && online.data.length === 0 ? (
        <EmptyState icon={<LuUsers />} title={t('reports.empty', { minutes })} />
      ) : null}
      {online.data && online.data.length > 0 ? (
        <Stack gap="2">
          <Text color="fg.muted" fontSize="sm">
            {t('reports.count', { count: online.data.length, minutes })}
          </Text>
          <Table.ScrollArea borderWidth="1px" borderRadius="lg">
            <Table.Root size="sm" data-testid="online-companies">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('company.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('company.email')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('company.phone')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('reports.lastSeen')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {online.data.map((company) => (
                  <Table.Row key={company.id}>
                    <Table.Cell fontWeight="medium">{company.name}</Table.Cell>
                    <Table.Cell>{company.email}</Table.Cell>
                    <Table.Cell>{company.phone}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{time.format(new Date(company.lastSeenAt))}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Stack>
      ) : null}
    </Stack>
  );
}
