import { Outlet, useLocation } from 'react-router';
import { AppToaster } from '@/components/app-toaster';
import { ColorModeProvider, useSystemColorMode } from '@/components/color-mode';

/** Spec part 1 §1: the stored theme is ignored on the login and sign-up pages, which follow the system. */
const SYSTEM_THEMED_PATHS = ['/login', '/signup'];

export function ThemedRoot() {
  const { pathname } = useLocation();
  const system = useSystemColorMode();
  const forced = SYSTEM_THEMED_PATHS.some((path) => pathname.startsWith(path)) ? system : undefined;
  return (
    <ColorModeProvider forced={forced}>
      <Outlet />
      <AppToaster />
    </ColorModeProvider>
  );
}
