import { Box, Menu, Portal, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuLogOut, LuUserRound } from 'react-icons/lu';
import { logout } from '@/features/auth';
import { useSession } from '@/hooks/use-session';
import { AccountButton } from './account-button';

export interface AccountMenuProps {
  isMobile: boolean;
  onOpenProfile: () => void;
  /** On a phone the theme toggle is an item of this menu: the bar keeps room for the name. */
  theme: { label: string; icon: ReactNode; toggle: () => void };
}

/** The top bar's account menu: who is signed in, the own profile, the theme on a phone, and sign-out. */
export function AccountMenu({ isMobile, onOpenProfile, theme }: AccountMenuProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <AccountButton data-testid="account-menu" />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Box px="3" py="2">
              <Text fontWeight="medium" truncate>
                {user?.name}
              </Text>
              <Text fontSize="xs" color="fg.muted" truncate>
                {user?.email}
              </Text>
            </Box>
            <Menu.Separator />
            <Menu.Item value="profile" onSelect={onOpenProfile}>
              <LuUserRound />
              {t('topbar.profile')}
            </Menu.Item>
            {isMobile ? (
              <Menu.Item value="theme" onSelect={theme.toggle} data-testid="theme-toggle">
                {theme.icon}
                {theme.label}
              </Menu.Item>
            ) : null}
            <Menu.Item
              value="logout"
              onSelect={() => void logout()}
              color="fg.error"
              _hover={{ bg: 'bg.error', color: 'fg.error' }}
            >
              <LuLogOut />
              {t('topbar.logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
