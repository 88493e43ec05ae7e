import { lazy, Suspense, useState } from 'react';
import { usePaintedIdle } from '@/lib/after-first-paint';
import { LanguageTrigger } from './language-trigger';

export { changeLanguage } from './language-trigger';

/**
 * The language menu, whose popup code (Chakra Menu, floating-ui) loads once the page has painted
 * and gone idle: the sign-in page shows the button at once (decisions.md "Web console: first load",
 * "First load and phone polish"). A click before that loads it and opens it.
 */
const LanguageMenuList = lazy(() => import('./language-menu-list'));

export function LanguageMenu({ compact = false }: { compact?: boolean }) {
  const idle = usePaintedIdle();
  const [clicked, setClicked] = useState(false);
  const trigger = <LanguageTrigger compact={compact} onClick={() => setClicked(true)} />;
  if (!idle && !clicked) return trigger;
  return (
    <Suspense fallback={trigger}>
      <LanguageMenuList compact={compact} defaultOpen={clicked} />
    </Suspense>
  );
}
