import { Menu, Portal } from '@chakra-ui/react';
import { LANGUAGES } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { LuCheck } from 'react-icons/lu';
import { currentLanguage } from '@/lib/i18n';
import { changeLanguage, LanguageTrigger } from './language-trigger';

/** pt-BR (default), en, es; the choice is remembered in localStorage by the i18n detector. */
export default function LanguageMenuList({
  compact = false,
  defaultOpen = false,
}: {
  compact?: boolean;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>
        <LanguageTrigger compact={compact} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40">
            {LANGUAGES.map((lng) => (
              <Menu.Item key={lng} value={lng} onSelect={() => changeLanguage(lng)}>
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
