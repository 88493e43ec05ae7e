import { Outlet, useLocation } from 'react-router';
import { lazy, Suspense } from 'react';
import { ColorModeProvider, useSystemColorMode } from '@/components/color-mode';
import { usePaintedIdle } from '@/lib/after-first-paint';
import { withConsoleRecipes } from './theme';

/** Spec part 1 §1: the stored theme is ignored on the login and sign-up pages, which follow the system. */
const SYSTEM_THEMED_PATHS = ['/login', '/signup', '/outbox'];

/**
 * The toasts' renderer loads once the first paint is done and the page is idle (toasts raised
 * meanwhile wait in the toaster's store), with the console's recipes (its own among them): the sign-in
 * page does not pay for them up front (decisions.md "Web console: first load", "Sign-in first load: recipes").
 */
const AppToaster = lazy(
  withConsoleRecipes(async () => ({ default: (await import('@/components/app-toaster')).AppToaster })),
);

export function ThemedRoot() {
  const { pathname } = useLocation();
  const system = useSystemColorMode();
  const idle = usePaintedIdle();
  const forced = SYSTEM_THEMED_PATHS.some((path) => pathname.startsWith(path)) ? system : undefined;
  return (
    <ColorModeProvider forced={forced}>
      <Outlet />
      {idle ? (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      ) : null}
    </ColorModeProvider>
  );
}
