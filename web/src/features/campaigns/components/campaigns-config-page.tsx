import { Box, Button, Card, Grid, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CAMPAIGN_GREATER_INTERVALS,
  CAMPAIGN_LONGER_AFTER,
  CAMPAIGN_MESSAGE_INTERVALS,
  campaignSettingsSchema,
  mayManageCampaigns,
  type CampaignSettings,
} from '@atende/shared';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { FormField, Select } from '@/components/form-field';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/hooks/use-session';
import { notify } from '@/lib/toaster';
import { useCampaignSettings, useSaveCampaignSettings } from '../api/campaign-settings-api';
import { CAMPAIGNS_NS } from '../i18n';
import { CampaignVariablesEditor } from './campaign-variables-editor';

/**
 * /campaigns-config (spec part 3 "Campaign settings page", §9): the random send interval, the longer
 * pause after N messages and its length, as selects of the spec's options; the daily cap per
 * connection (ours, decisions.md); the company's variables. Saved with 'Configuracoes salvas'.
 * Who may not manage campaigns reads them only.
 */
export function CampaignsConfigPage() {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const { viewer, policy } = useSession();
  const mayManage = viewer !== null && mayManageCampaigns(viewer, policy);
  const settings = useCampaignSettings();

  let body;
  if (settings.isPending) body = <LoadingState label={t('common.loading', { ns: 'translation' })} minH="64" />;
  else if (settings.isError) body = <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  else body = <SettingsForm key={settings.dataUpdatedAt} settings={settings.data} readOnly={!mayManage} />;

  return (
    <Box maxW="3xl">
      <PageHeader title={t('config.title')} description={t('config.description')} />
      {body}
    </Box>
  );
}

type IntervalField = 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval';
const INTERVALS: { name: IntervalField; options: readonly number[]; unit: 'seconds' | 'messages' }[] = [
  { name: 'messageInterval', options: CAMPAIGN_MESSAGE_INTERVALS, unit: 'seconds' },
  { name: 'longerIntervalAfter', options: CAMPAIGN_LONGER_AFTER, unit: 'messages' },
  { name: 'greaterInterval', options: CAMPAIGN_GREATER_INTERVALS, unit: 'seconds' },
];

function SettingsForm({ settings, readOnly }: { settings: CampaignSettings; readOnly: boolean }) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const save = useSaveCampaignSettings();
  const { control, register, handleSubmit, formState } = useForm<CampaignSettings>({
    resolver: zodResolver(campaignSettingsSchema) as unknown as Resolver<CampaignSettings>,
    defaultValues: settings,
  });
  const onSubmit = async (values: CampaignSettings) => {
    try {
      await save.mutateAsync(values);
      notify.success(t('config.saved'));
    } catch (error) {
      notify.error(error);
    }
  };
  const optionLabel = (value: number, unit: 'seconds' | 'messages') =>
    value === 0 ? t('config.noInterval') : t(`config.${unit}`, { count: value });

  return (
    <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
      <Stack gap="5">
        <Card.Root variant="outline" bg="bg.panel" borderRadius="xl">
          <Card.Body gap="4">
            <Heading size="md">{t('config.intervals')}</Heading>
            <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4">
              {INTERVALS.map(({ name, options, unit }) => (
                <FormField
                  key={name}
                  label={t(`config.${name}`)}
                  error={formState.errors[name]?.message}
                  disabled={readOnly}
                >
                  <Controller
                    control={control}
                    name={name}
                    render={({ field }) => (
                      <Select
                        value={String(field.value)}
                        onChange={(event) => field.onChange(Number(event.currentTarget.value))}
                        data-testid={`campaign-config-${name}`}
                      >
                        {options.map((option) => (
                          <option key={option} value={option}>
                            {optionLabel(option, unit)}
                          </option>
                        ))}
                      </Select>
                    )}
                  />
                </FormField>
              ))}
            </Grid>
            <FormField label={t('config.dailyCap')} error={formState.errors.dailyCapPerConnection?.message}>
              <Input
                type="number"
                min={1}
                inputMode="numeric"
                maxW="48"
                readOnly={readOnly}
                {...register('dailyCapPerConnection', { valueAsNumber: true })}
                data-testid="campaign-config-dailyCap"
              />
            </FormField>
            <Text textStyle="xs" color="fg.muted" mt="-2">
              {t('config.dailyCapHint')}
            </Text>
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline" bg="bg.panel" borderRadius="xl">
          <Card.Body gap="3">
            <Heading size="md">{t('config.variables')}</Heading>
            <Text textStyle="sm" color="fg.muted">
              {t('config.variablesHint')}
            </Text>
            <Controller
              control={control}
              name="variables"
              render={({ field }) => (
                <CampaignVariablesEditor value={field.value} onChange={field.onChange} disabled={readOnly} />
              )}
            />
          </Card.Body>
        </Card.Root>
        {readOnly ? (
          <Text textStyle="sm" color="fg.muted" data-testid="campaign-config-readonly">
            {t('config.readOnly')}
          </Text>
        ) : (
          <Box>
            <Button type="submit" colorPalette="brand" loading={formState.isSubmitting} data-testid="campaign-config-save">
              {t('config.save')}
            </Button>
          </Box>
        )}
      </Stack>
    </form>
  );
}
