import { Badge, Box, Flex, IconButton, HStack, Link, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCalendar, LuMenu, LuMoon, LuPanelLeftClose, LuPanelLeftOpen, LuSun } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { useColorMode } from '@/components/color-mode';
import { LanguageMenu } from '@/components/language-menu';
import { formatDate } from '@/lib/format';
import { useSession } from '@/hooks/use-session';
import { AccountMenu, AnnouncementsPopover, ChatsPopover, NotificationsPopover } from './top-bar-popups';

interface TopBarProps {
  isMobile: boolean;
  menuOpen: boolean;
  onToggleMenu: () => void;
  onOpenProfile: () => void;
}

export function TopBar({ isMobile, menuOpen, onToggleMenu, onOpenProfile }: TopBarProps) {
  const { t } = useTranslation();
  const { company, isAdmin } = useSession();
  const { colorMode, toggleColorMode } = useColorMode();
  const dueDate = formatDate(company?.dueDate);

  const menuToggleLabel = isMobile ? t('menu.open') : menuOpen ? t('menu.collapse') : t('menu.expand');
  const themeLabel = colorMode === 'dark' ? t('topbar.themeLight') : t('topbar.themeDark');
  const themeIcon = colorMode === 'dark' ? <LuSun /> : <LuMoon />;
  return (
    <Flex
      as="header"
      h="16"
      px={{ base: '3', md: '6' }}
      align="center"
      gap={{ base: '2', md: '3' }}
      bg="bg.panel/85"
      backdropFilter="saturate(180%) blur(8px)"
      borderBottomWidth="1px"
      borderColor="border"
      position="sticky"
      top="0"
      zIndex="sticky"
      data-testid="top-bar"
    >
      <IconButton
        variant="ghost"
        colorPalette="gray"
        size="sm"
        aria-label={menuToggleLabel}
        title={menuToggleLabel}
        onClick={onToggleMenu}
      >
        {isMobile ? <LuMenu /> : menuOpen ? <LuPanelLeftClose /> : <LuPanelLeftOpen />}
      </IconButton>
      <Box minW="0" lineHeight={isMobile ? 'short' : undefined}>
        <Text fontWeight="semibold" fontSize={isMobile ? 'sm' : undefined} truncate data-testid="company-name">
          {company?.name}
        </Text>
        {/* A phone has no room for the badge beside the buttons: the due date goes under the name. */}
        {isMobile && isAdmin && dueDate ? (
          <Link asChild fontSize="xs" color="fg.muted" title={t('topbar.dueDateTitle')} data-testid="due-date">
            <RouterLink to="/invoices">{t('topbar.dueDate', { date: dueDate })}</RouterLink>
          </Link>
        ) : null}
      </Box>
      <Box flex="1" />
      <HStack gap={{ base: '0', sm: '1', md: '2' }} flexShrink={0}>
        {isAdmin && dueDate && !isMobile ? (
          <Link asChild _hover={{ textDecoration: 'none' }} title={t('topbar.dueDateTitle')}>
            <RouterLink to="/invoices">
              <Badge
                variant="subtle"
                colorPalette="gray"
                size={{ base: 'md', md: 'lg' }}
                px={{ base: '2', md: '2.5' }}
                py="1"
                borderRadius="full"
                gap="1.5"
                fontWeight="medium"
                data-testid="due-date"
              >
                {/* A 390 px phone has no room for the icon next to six buttons (issue 8 item 17). */}
                <Box as="span" display={{ base: 'none', sm: 'contents' }}>
                  <LuCalendar />
                </Box>
                <Box as="span" display={{ base: 'none', md: 'inline' }}>
                  {t('topbar.dueDate', { date: dueDate })}
                </Box>
                <Box as="span" display={{ base: 'inline', md: 'none' }}>
                  {dueDate}
                </Box>
              </Badge>
            </RouterLink>
          </Link>
        ) : null}
        <AnnouncementsPopover />
        {/* On a phone the theme toggle is an item of the account menu: the bar keeps room for the name. */}
        {isMobile ? null : (
          <IconButton
            variant="ghost"
            colorPalette="gray"
            size="sm"
            onClick={toggleColorMode}
            aria-label={themeLabel}
            title={themeLabel}
            data-testid="theme-toggle"
          >
            {themeIcon}
          </IconButton>
        )}
        <NotificationsPopover />
        <ChatsPopover />
        {/* On phones too (issue 8 item 17): the language is one tap away everywhere. */}
        <LanguageMenu compact />
        <AccountMenu
          isMobile={isMobile}
          onOpenProfile={onOpenProfile}
          theme={{ label: themeLabel, icon: themeIcon, toggle: toggleColorMode }}
        />
      </HStack>
    </Flex>
  );
}
