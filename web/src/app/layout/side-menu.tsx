import { Box, chakra, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { BrandLogo } from '@/components/brand-logo';
import { deferred } from './deferred';
import type { MenuItem, MenuSection } from './menu-items';

/**
 * A collapsed menu's icons get their label as a tooltip; the tooltip's code (Chakra Tooltip,
 * floating-ui) is fetched after the first paint (issue 28), the link alone is shown until then.
 */
const MenuTooltip = deferred(
  async () => (await import('./menu-tooltip')).MenuTooltip,
  ({ children }) => children,
);

export const MENU_WIDTH_OPEN = 240;
export const MENU_WIDTH_COLLAPSED = 72;

function isActive(pathname: string, path: string): boolean {
  if (path === '/') return pathname === '/';
  return pathname === path || pathname.startsWith(`${path}/`);
}

export interface MenuListProps {
  sections: MenuSection[];
  /** Icons only, labels in tooltips. */
  collapsed: boolean;
  attention: boolean;
  /** The user has unread internal chat messages (the chat item's dot). */
  chatUnread?: boolean;
  onNavigate?: () => void;
}

/** The menu's content: used inside the permanent aside and inside the temporary drawer. */
export function MenuList({ sections, collapsed, attention, chatUnread = false, onNavigate }: MenuListProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack as="nav" aria-label="Menu" gap="5" px={collapsed ? '3' : '3'} py="4">
      {sections.map((section) => (
        <Stack key={section.key} gap="0.5">
          {section.title ? (
            collapsed ? (
              <Box h="1px" bg="border" mx="2" mb="2" />
            ) : (
              <Text
                px="3"
                pb="1.5"
                fontSize="xs"
                fontWeight="semibold"
                color="fg.subtle"
                textTransform="uppercase"
                letterSpacing="0.06em"
              >
                {t(section.title)}
              </Text>
            )
          ) : null}
          {section.items.map((item) => (
            <NavItem
              key={item.key}
              item={item}
              label={t(item.label)}
              active={isActive(pathname, item.path)}
              collapsed={collapsed}
              showBadge={(!!item.attentionBadge && attention) || (!!item.unreadDot && chatUnread)}
              badgeLabel={item.unreadDot ? t('menu.chatsUnread') : t('menu.connectionsAttention')}
              onNavigate={onNavigate}
            />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

interface NavItemProps {
  item: MenuItem;
  label: string;
  active: boolean;
  collapsed: boolean;
  showBadge: boolean;
  badgeLabel: string;
  onNavigate?: () => void;
}

function NavItem({ item, label, active, collapsed, showBadge, badgeLabel, onNavigate }: NavItemProps) {
  const Icon = item.icon;
  const link = (
    <chakra.a
      asChild
      display="flex"
      alignItems="center"
      gap="3"
      h="10"
      px="3"
      justifyContent={collapsed ? 'center' : 'flex-start'}
      borderRadius="lg"
      fontSize="sm"
      fontWeight={active ? 'semibold' : 'medium'}
      color={active ? 'brand.fg' : 'fg.muted'}
      bg={active ? 'brand.subtle' : 'transparent'}
      transition="background 0.15s, color 0.15s"
      _hover={{ bg: active ? 'brand.subtle' : 'bg.muted', color: active ? 'brand.fg' : 'fg' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' }}
      aria-current={active ? 'page' : undefined}
      data-menu-item={item.key}
    >
      <RouterLink to={item.path} onClick={onNavigate} aria-label={collapsed ? label : undefined}>
        <Box as="span" position="relative" fontSize="lg" display="inline-flex">
          <Icon />
          {showBadge ? (
            <Box
              as="span"
              position="absolute"
              top="-1"
              right="-1"
              boxSize="2.5"
              borderRadius="full"
              bg="red.500"
              borderWidth="2px"
              borderColor="bg.panel"
              role="status"
              aria-label={badgeLabel}
              data-testid={item.unreadDot ? 'chats-unread-dot' : 'connections-attention'}
            />
          ) : null}
        </Box>
        {collapsed ? null : (
          <Text as="span" truncate>
            {label}
          </Text>
        )}
      </RouterLink>
    </chakra.a>
  );
  if (!collapsed) return link;
  return <MenuTooltip label={label}>{link}</MenuTooltip>;
}

type SideMenuProps = Omit<MenuListProps, 'onNavigate'>;

/** The permanent menu for screens of 600 px and wider; collapses to icons. */
export function SideMenu({ sections, collapsed, attention, chatUnread }: SideMenuProps) {
  return (
    <Flex
      as="aside"
      direction="column"
      w={`${collapsed ? MENU_WIDTH_COLLAPSED : MENU_WIDTH_OPEN}px`}
      flexShrink={0}
      h="100dvh"
      position="sticky"
      top="0"
      bg="bg.panel"
      borderRightWidth="1px"
      borderColor="border"
      transition="width 0.2s ease"
      data-testid="side-menu"
      data-collapsed={collapsed ? 'true' : 'false'}
    >
      <HStack h="16" px={collapsed ? '0' : '5'} justify={collapsed ? 'center' : 'flex-start'} flexShrink={0}>
        <RouterLink to="/" aria-label="Atende">
          <BrandLogo size={8} hideName={collapsed} />
        </RouterLink>
      </HStack>
      <Box flex="1" overflowY="auto" overflowX="hidden">
        <MenuList sections={sections} collapsed={collapsed} attention={attention} chatUnread={chatUnread} />
      </Box>
    </Flex>
  );
}
