import { Button, IconButton, type ButtonProps } from '@chakra-ui/react';
import type { Language } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { LuLanguages } from './sign-in-icons';
import i18n, { currentLanguage } from '@/lib/i18n';

export function changeLanguage(lng: Language): void {
  void i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}

/** The menu's button, also shown (inert) while the menu's code loads. */
export function LanguageTrigger({ compact = false, ...buttonProps }: { compact?: boolean } & ButtonProps) {
  const { t } = useTranslation();
  return compact ? (
    <IconButton
      variant="ghost"
      colorPalette="gray"
      size="sm"
      aria-label={t('topbar.language')}
      title={t('topbar.language')}
      {...buttonProps}
    >
      <LuLanguages />
    </IconButton>
  ) : (
    // The accessible name starts with the visible text (WCAG 2.5.3, label in name): 'Português, Idioma'.
    <Button
      variant="ghost"
      colorPalette="gray"
      size="sm"
      aria-label={`${t(`languages.${currentLanguage()}`)}, ${t('topbar.language')}`}
      {...buttonProps}
    >
      <LuLanguages />
      {t(`languages.${currentLanguage()}`)}
    </Button>
  );
}
