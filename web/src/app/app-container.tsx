import { useLayoutEffect } from 'react';
import { PRERENDERED_COPY } from '@/lib/prerendered-copy';

/**
 * Where the app renders. React empties its container on its first render; on /login, with the
 * prerendered sign-in page showing (build/first-paint.ts), that would remove the form a visitor may be
 * typing into: the focus went with it, and the app's e-mail field, focused on mount, took the rest of
 * a password. There the app renders into a new element after the shown copy, which the sign-in page
 * removes once its own form has the values and the focus (features/auth/lib/prerendered-form.ts);
 * the boot spinner and the copies not shown go at once. Elsewhere, `root` itself.
 */
export function appContainer(root: HTMLElement): HTMLElement {
  const language = document.documentElement.getAttribute('data-prerender');
  const shown = language ? root.querySelector(`:scope > [data-prerender="${CSS.escape(language)}"]`) : null;
  if (!shown) return root;
  for (const child of [...root.children]) if (child !== shown) child.remove();
  const container = document.createElement('div');
  container.style.display = 'contents';
  root.append(container);
  return container;
}

/**
 * Removes the prerendered copy if the app's first commit did not take it over: the sign-in page's layout
 * effect runs before this one (rendered after the router), so this only acts when /login did not show
 * the sign-in page (a visitor still signed in, sent on to the app).
 */
export function PrerenderedCopyCleanup() {
  useLayoutEffect(() => {
    document.querySelector(PRERENDERED_COPY)?.remove();
  }, []);
  return null;
}
