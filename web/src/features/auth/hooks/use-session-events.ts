import { useRealtime } from '@/lib/realtime';
import { sessionStore } from '@/lib/session-store';
import { notify } from '@/lib/toaster';
import i18n from '@/lib/i18n';
import { clearSessionLocally } from '../api/logout';
import { rememberSignOutReason, SIGN_OUT_TEXT, type SignOutReason } from '../lib/sign-out-reason';
import { useSession } from '@/hooks/use-session';
import { AUTH_NS } from '../i18n';

/** Spec part 1 §9: the page reloads 1 s after a forced logout, so the message can be read first. */
export const FORCED_RELOAD_DELAY_MS = 1000;

/** Signs this tab out, says why now (a toast) and after the reload (on the login page). */
export function forceLogout(reason: SignOutReason, reload: () => void = () => window.location.reload()): void {
  clearSessionLocally();
  rememberSignOutReason(reason);
  notify.warning(i18n.t(SIGN_OUT_TEXT[reason], { ns: AUTH_NS }));
  setTimeout(reload, FORCED_RELOAD_DELAY_MS);
}

/**
 * Live events about the signed-in user and their company (spec part 1 §4): deletion or
 * deactivation of the user (the `user` event, or the server's `auth` `revoked` frame sent just
 * before it closes the user's sockets), or a sign-in of the same user on another device, forces a
 * logout; other updates of the user or the company refresh the session copy (the company guard
 * re-judges it); a deleted company logs out.
 */
export function useSessionEvents(): void {
  const { user } = useSession();
  const signedIn = Boolean(user);

  useRealtime(
    'user',
    (data) => {
      const me = sessionStore.get().user;
      if (!me) return;
      if (data.action === 'delete') {
        if (data.userId === me.id) forceLogout('deleted');
      } else if (data.action === 'update' && data.user?.id === me.id) {
        if (data.user.status === false) {
          forceLogout('deactivated');
          return;
        }
        sessionStore.setUser({ ...me, ...data.user, company: me.company });
      }
    },
    signedIn,
  );

  useRealtime(
    'auth',
    (data) => {
      const { user: me, sessionId } = sessionStore.get();
      if (!me) return;
      if (data.action === 'revoked') {
        forceLogout(data.reason === 'deactivated' ? 'deactivated' : 'deleted');
        return;
      }
      // Spec part 1 §4: signing in elsewhere ends this session. An event without a session id (an older
      // server) cannot be told from this console's own sign-in, so it is ignored rather than obeyed.
      if (data.user.id !== me.id || !data.sessionId || !sessionId) return;
      if (data.sessionId !== sessionId) forceLogout('otherDevice');
    },
    signedIn,
  );

  useRealtime(
    'companyChanged',
    (data) => {
      const me = sessionStore.get().user;
      if (!me) return;
      if (data.action === 'delete') {
        clearSessionLocally();
        return;
      }
      if (data.action === 'update' && data.company) {
        sessionStore.setUser({ ...me, company: { ...me.company, ...data.company } });
      }
    },
    signedIn,
  );
}
