import { Box, Flex } from '@chakra-ui/react';
import { MOBILE_BREAKPOINT_PX } from '@atende/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Outlet } from 'react-router';
import { LoadingState } from '@/components/loading-state';
import { useCompanyGuard, useSessionEvents } from '@/features/auth';
import { useSession } from '@/hooks/use-session';
import { useConnectionsAttention } from '@/features/connections/hooks/use-connections-attention';
// The hook's own module, not the chats' index: the index (and the popover it exports) loads after the first paint.
import { useChatUnreadDot } from '@/features/chats/hooks/use-chat-unread-dot';
import { saveDrawerOpen } from '@/features/users/api/drawer';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useRuntimeConfig } from '@/lib/config';
import { queryClient } from '@/lib/query-client';
import { sessionStore } from '@/lib/session-store';
import { buildMenu } from './menu-items';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

/** The own-profile modal (and its form library) loads when first opened, not with every screen (issue 28). */
const UserFormDialog = lazy(async () => ({
  default: (await import('@/features/users/components/user-form-dialog')).UserFormDialog,
}));

/** A phone's menu drawer (Chakra's Drawer, a dialog) loads when first opened, then stays mounted (issue 28). */
const MobileMenuDrawer = lazy(async () => ({ default: (await import('./mobile-menu-drawer')).MobileMenuDrawer }));

/**
 * The signed-in app. The query cache (react-query) starts here, not at the root: the public pages
 * do without it (decisions.md "Web console: first load").
 */
export function AppLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppShell />
    </QueryClientProvider>
  );
}

/** The signed-in shell: side menu, top bar, the page, the own-profile modal and the session's watchers. */
function AppShell() {
  const { user, company, isAdmin, isSuper, settings } = useSession();
  const { localMode } = useRuntimeConfig();
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  const [mobileMenuOpened, setMobileMenuOpened] = useState(false);
  if (mobileMenuOpen && !mobileMenuOpened) setMobileMenuOpened(true);
  const [profileOpen, setProfileOpen] = useState(false);
  const [profileOpened, setProfileOpened] = useState(false);
  if (profileOpen && !profileOpened) setProfileOpened(true);
  const attention = useConnectionsAttention();
  const chatUnread = useChatUnreadDot();
  useCompanyGuard();
  useSessionEvents();

  const sections = useMemo(
    () => buildMenu({ isAdmin, isSuper, settings, planUseIntegration: company?.plan?.useIntegration === true, localMode }),
    [isAdmin, isSuper, settings, company, localMode],
  );
  const desktopOpen = user?.drawerMenuOpen ?? true;

  const toggleMenu = () => {
    if (isMobile) {
      setMobileMenuOpen((open) => !open);
      return;
    }
    if (!user) return;
    const next = !desktopOpen;
    sessionStore.setUser({ ...user, drawerMenuOpen: next });
    void saveDrawerOpen(user.id, next).catch(() => undefined); // a lost preference is not worth an error toast
  };

  return (
    <Flex minH="100dvh" bg="bg.canvas">
      {isMobile ? (
        mobileMenuOpened ? (
          <Suspense fallback={null}>
            <MobileMenuDrawer
              open={mobileMenuOpen}
              onOpenChange={setMobileMenuOpen}
              sections={sections}
              attention={attention}
              chatUnread={chatUnread}
            />
          </Suspense>
        ) : null
      ) : (
        <SideMenu sections={sections} collapsed={!desktopOpen} attention={attention} chatUnread={chatUnread} />
      )}
      <Flex direction="column" flex="1" minW="0">
        <TopBar
          isMobile={isMobile}
          menuOpen={isMobile ? mobileMenuOpen : desktopOpen}
          onToggleMenu={toggleMenu}
          onOpenProfile={() => setProfileOpen(true)}
        />
        <Box as="main" flex="1" px={{ base: '4', md: '8' }} py={{ base: '5', md: '8' }} w="full" maxW="1400px" mx="auto">
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </Box>
      </Flex>
      {user && profileOpened ? (
        <Suspense fallback={null}>
          <UserFormDialog
            open={profileOpen}
            mode="self"
            userId={user.id}
            actorIsAdmin={isAdmin}
            onClose={() => setProfileOpen(false)}
          />
        </Suspense>
      ) : null}
    </Flex>
  );
}
