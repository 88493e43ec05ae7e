import '@fontsource-variable/inter';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { appContainer, PrerenderedCopyCleanup } from '@/app/app-container';
import { AppProviders } from '@/app/providers';
import { appSystem } from '@/app/theme';
import { createAppRouter } from '@/app/router';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { refreshSession } from '@/lib/api-client';
import { loadConfig } from '@/lib/config';
import { sessionHintSet } from '@/lib/local-flags';
import { sessionStore } from '@/lib/session-store';
import { currentLanguage, i18nReady } from '@/lib/i18n';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Resolves once the router has loaded the current route's lazy chunks. */
function routerReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

async function boot(): Promise<void> {
  const configReady = loadConfig();
  // A reload keeps the session through the refresh cookie; no cookie simply means signed out. A browser
  // that never signed in (or signed out) has no cookie to try: signed out at once (local-flags.ts).
  if (sessionHintSet()) void configReady.then(() => refreshSession()).catch(() => undefined);
  else sessionStore.clear();
  // Created now, the router starts fetching the current page's chunk alongside /config.json.
  const router = createAppRouter();
  // The first render does not wait for /config.json: public pages need none to paint, private ones
  // wait for the session, which waits for the config (decisions.md "First load and phone polish").
  await i18nReady;
  // /login arrives prerendered (index.html): the first render replaces that markup, so it waits for the
  // page's lazy chunk instead of committing an empty route in between (decisions.md "Sign-in first paint").
  await routerReady(router);
  // Each heavy step in a task of its own, so that none blocks input for long: the entry's module
  // evaluation is done; now Chakra's system, then React's (time-sliced) render.
  await nextTask();
  appSystem();
  await nextTask();
  document.documentElement.lang = currentLanguage();
  // The socket's code is not needed to paint the page: it loads once the page has painted.
  afterFirstPaint(() => void import('@/lib/realtime').then(({ startRealtime }) => startRealtime()));
  const root = createRoot(appContainer(document.getElementById('root')!));
  // A transition: React renders the tree in 5 ms slices, yielding to the browser in between, instead
  // of one long task that blocks input (the page is already painted, from the HTML on /login).
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
          <PrerenderedCopyCleanup />
        </AppProviders>
      </StrictMode>,
    ),
  );
}

void boot();
