/**
 * The sign-in page rendered to static markup at build time (web/build/sign-in-prerender.ts loads
 * this module in Node and puts the result into index.html): /login paints from the HTML while the
 * app's JavaScript is still on its way, and the app's first render then replaces it with the same
 * markup (decisions.md "Sign-in first paint (Lighthouse)"). Never imported by the app itself.
 */
import type { Language } from '@atende/shared';

/** Every language the console speaks (the inline script recognises a stored choice among them). */
export { LANGUAGES } from '@atende/shared';
/**
 * The languages prerendered: the default only. A visitor who chose en or es gets the page from the
 * app, as before; each more copy would cost ~0.7 KB gzip of the sign-in page's 200 KB budget.
 */
export const PRERENDERED: readonly Language[] = ['pt-BR'];
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ColorModeProvider } from '@/components/color-mode';
import { PrerenderContext } from '@/components/public-layout';
import { LoginPage } from '@/features/auth/components/login-page';
import i18n from '@/lib/i18n';
import { AppProviders } from './providers';

/**
 * The page as the app renders it on /login (ThemedRoot → PublicRoute → LoginPage: the route
 * wrappers add no markup), in one language. Chakra's emotion styles come out as `<style data-emotion>`
 * tags inside the markup; the build step moves them to the head. `identifierPrefix` keeps the ids of
 * several languages' copies apart.
 */
export async function renderSignIn(language: Language): Promise<string> {
  await i18n.changeLanguage(language);
  return renderToString(
    <StrictMode>
      <AppProviders>
        <MemoryRouter initialEntries={['/login']}>
          <ColorModeProvider forced="light">
            <PrerenderContext.Provider value>
              <LoginPage />
            </PrerenderContext.Provider>
          </ColorModeProvider>
        </MemoryRouter>
      </AppProviders>
    </StrictMode>,
    { identifierPrefix: `prerender-${language}-` },
  );
}
