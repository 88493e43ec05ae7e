import { Card, Grid, Heading, Input } from '@chakra-ui/react';
import { CAMPAIGN_LIMITS } from '@atende/shared';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, Select } from '@/components/form-field';
import type { CompanyFormValues } from '../lib/company-form';
import { SETTINGS_NS } from '../i18n';

interface CampaignPanelProps {
  register: UseFormRegister<CompanyFormValues>;
  errors: FieldErrors<CompanyFormValues>;
  limit: string;
}

const COUNTS = ['numberOfCampaigns', 'numberOfGroupsCampaigns', 'numberOfContactsInGroupsCampaigns'] as const;

/**
 * The campaign parameters panel inside the company form (spec part 2 §2): shown only while campaigns
 * are enabled for the company; its counts are disabled when the limit is 'doNotLimit'.
 */
export function CampaignPanel({ register, errors, limit }: CampaignPanelProps) {
  const { t } = useTranslation(SETTINGS_NS);
  const unlimited = limit === 'doNotLimit';
  return (
    <Card.Root variant="outline" data-testid="campaign-panel">
      <Card.Body gap="4">
        <Heading size="sm">{t('campaigns.title')}</Heading>
        <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4" alignItems="start">
          <FormField label={t('campaigns.limitOfCampaignBy')}>
            <Select {...register('campaigns.limitOfCampaignBy')}>
              {CAMPAIGN_LIMITS.map((value) => (
                <option key={value} value={value}>
                  {t(`campaigns.limits.${value}`)}
                </option>
              ))}
            </Select>
          </FormField>
          {COUNTS.map((name) => (
            <FormField key={name} label={t(`campaigns.${name}`)} error={errors.campaigns?.[name]?.message}>
              <Input type="number" min={1} inputMode="numeric" disabled={unlimited} {...register(`campaigns.${name}`)} />
            </FormField>
          ))}
          <FormField
            label={t('campaigns.valueOfResourceCampaigns')}
            error={errors.campaigns?.valueOfResourceCampaigns?.message}
          >
            <Input inputMode="decimal" {...register('campaigns.valueOfResourceCampaigns')} />
          </FormField>
        </Grid>
      </Card.Body>
    </Card.Root>
  );
}
