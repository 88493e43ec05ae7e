import { Button, IconButton, Menu, Portal } from '@chakra-ui/react';
import { LANGUAGES, type Language } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { LuCheck, LuLanguages } from 'react-icons/lu';
import i18n, { currentLanguage } from '@/lib/i18n';

export function changeLanguage(lng: Language): void {
  void i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}

/** pt-BR (default), en, es; the choice is remembered in localStorage by the i18n detector. */
export function LanguageMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        {compact ? (
          <IconButton variant="ghost" colorPalette="gray" size="sm" aria-label={t('topbar.language')} title={t('topbar.language')}>
            <LuLanguages />
          </IconButton>
        ) : (
          <Button variant="ghost" colorPalette="gray" size="sm" aria-label={t('topbar.language')}>
            <LuLanguages />
            {t(`languages.${active}`)}
          </Button>
        )}
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40">
            {LANGUAGES.map((lng) => (
              <Menu.Item
                key={lng}
                value={lng}
                onSelect={() => changeLanguage(lng)}
              >
                <Menu.ItemText>{t(`languages.${lng}`)}</Menu.ItemText>
                {lng === active ? <LuCheck /> : null}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
