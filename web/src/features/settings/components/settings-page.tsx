import { Box, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '@/components/choice-group';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/hooks/use-session';
import { showsCompanyHours } from '@atende/shared';
import { CompaniesTab } from './companies-tab';
import { CompanyHours } from './company-hours';
import { CompanyOptions } from './company-options';
import { HelpsTab } from './helps-tab';
import { PlansTab } from './plans-tab';
import { PlatformPanels } from './platform-panels';
import { ReportsTab } from './reports-tab';
import { WebhookPanel } from './webhook-panel';
import { SETTINGS_NS } from '../i18n';

type Tab = 'companies' | 'reports' | 'plans' | 'helps' | 'options' | 'hours';

/**
 * /settings (admins; spec part 2 §2 "Settings screen"): Companies, Reports, Plans and Help for super users;
 * Options for everyone; Hours while the company's scheduleType is 'company'. The tab bar is a ChoiceGroup (Chakra's Tabs recipe would join the first load);
 * only the chosen tab is mounted.
 */
export function SettingsPage() {
  const { t } = useTranslation(SETTINGS_NS);
  const { isSuper, settings } = useSession();
  const hours: Tab[] = showsCompanyHours(settings) ? ['hours'] : [];
  const tabs: Tab[] = isSuper ? ['companies', 'reports', 'plans', 'helps', 'options', ...hours] : ['options', ...hours];
  const [chosen, setTab] = useState<Tab>(tabs[0]!);
  // The Hours tab goes away when scheduleType leaves 'company' (here or in another console).
  const tab = tabs.includes(chosen) ? chosen : tabs[0]!;
  return (
    <Stack gap="5">
      <PageHeader title={t('title')} />
      <Box overflowX="auto">
        <ChoiceGroup
          value={tab}
          onChange={setTab}
          options={tabs.map((value) => ({ value, label: t(`tabs.${value}`) }))}
          testIdPrefix="settings-tab"
        />
      </Box>
      {tab === 'companies' ? <CompaniesTab /> : null}
      {tab === 'reports' ? <ReportsTab /> : null}
      {tab === 'plans' ? <PlansTab /> : null}
      {tab === 'helps' ? <HelpsTab /> : null}
      {tab === 'options' ? (
        <Stack gap="4">
          <CompanyOptions />
          <WebhookPanel />
          {isSuper ? <PlatformPanels /> : null}
        </Stack>
      ) : null}
      {tab === 'hours' ? <CompanyHours /> : null}
    </Stack>
  );
}
