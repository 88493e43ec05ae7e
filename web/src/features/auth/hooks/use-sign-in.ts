import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginInput } from '@atende/shared';
import { AUTH_NS } from '../i18n';

/**
 * The sign-in's steps (lib/sign-in-flow.ts: the request, the toasts, the session) are not needed to
 * paint the page: the page fetches them once painted, and a submit waits for them (issue 28).
 */
export const loadSignInFlow = () => import('../lib/sign-in-flow');

/**
 * Sign-in with the spec's session rules (part 1 §4): an inactive user gets a 7 s warning;
 * with an overdue subscription an admin lands on /invoices with the message and anyone
 * else is refused; an admin with 1–4 days left is warned.
 */
export function useSignIn() {
  const { t } = useTranslation(AUTH_NS);
  const [isPending, setPending] = useState(false);

  const signIn = useCallback(
    async (input: LoginInput): Promise<void> => {
      setPending(true);
      try {
        await (await loadSignInFlow()).runSignIn(input, t, () => setPending(false));
      } finally {
        setPending(false);
      }
    },
    [t],
  );

  return { signIn, isPending };
}
