import { lazy, Suspense } from 'react';
import { LanguageTrigger } from './language-trigger';

export { changeLanguage } from './language-trigger';

/**
 * The language menu, whose popup code (Chakra Menu, floating-ui) loads after the page has painted:
 * the sign-in page shows the button at once (decisions.md "Web console: first load").
 */
const LanguageMenuList = lazy(() => import('./language-menu-list'));

export function LanguageMenu({ compact = false }: { compact?: boolean }) {
  return (
    <Suspense fallback={<LanguageTrigger compact={compact} />}>
      <LanguageMenuList compact={compact} />
    </Suspense>
  );
}
