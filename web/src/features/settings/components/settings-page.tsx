import { Stack, Tabs, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/hooks/use-session';
import { CompaniesTab } from './companies-tab';
import { HelpsTab } from './helps-tab';
import { PlansTab } from './plans-tab';
import { PlatformPanels } from './platform-panels';
import { SETTINGS_NS } from '../i18n';

/** /settings (admins; spec part 2 §2 "Settings screen"): Companies, Plans and Help for super users; Options for everyone. */
export function SettingsPage() {
  const { t } = useTranslation(SETTINGS_NS);
  const { isSuper } = useSession();
  const tabs = [...(isSuper ? ['companies', 'plans', 'helps'] : []), 'options'];
  return (
    <Stack gap="5">
      <PageHeader title={t('title')} />
      <Tabs.Root defaultValue={tabs[0]} lazyMount unmountOnExit variant="line" colorPalette="brand">
        <Tabs.List overflowX="auto">
          {tabs.map((tab) => (
            <Tabs.Trigger key={tab} value={tab} data-testid={`settings-tab-${tab}`}>
              {t(`tabs.${tab}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {isSuper ? (
          <>
            <Tabs.Content value="companies"><CompaniesTab /></Tabs.Content>
            <Tabs.Content value="plans"><PlansTab /></Tabs.Content>
            <Tabs.Content value="helps"><HelpsTab /></Tabs.Content>
          </>
        ) : null}
        <Tabs.Content value="options">
          {isSuper ? <PlatformPanels /> : <Text color="fg.muted">{t('optionsLater')}</Text>}
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
