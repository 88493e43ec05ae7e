import { campaignsEnabled, policySettings, type SessionUserDto } from '@atende/shared';
import { setCampaignsFlag, setSessionHint } from './local-flags';
import { useSyncExternalStore } from 'react';

/**
 * The signed-in session, kept in memory only: the access token never touches storage
 * (the refresh token is an httpOnly cookie), so a page reload restores the session with
 * one `POST /auth/refresh_token`. React reads it through `useSyncExternalStore`.
 */
export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: SessionUserDto | null;
  /** Where to land right after signing in, when the sign-in rules choose (an overdue admin → /invoices). */
  landing?: string;
  /** This sign-in's id (login/refresh answer): the `company-<cid>-auth` event of another device's differs. */
  sessionId?: string;
}

type Listener = () => void;

let state: SessionState = { status: 'unknown', token: null, user: null };
const listeners = new Set<Listener>();

const campaignsOn = (user: SessionUserDto): boolean => campaignsEnabled(policySettings(user.company?.settings ?? []));

function emit(): void {
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get: (): SessionState => state,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(token: string, user: SessionUserDto, extra: { landing?: string; sessionId?: string } = {}): void {
    if (campaignsOn(user)) setCampaignsFlag();
    setSessionHint(true);
    state = {
      status: 'authenticated',
      token,
      user,
      ...(extra.landing ? { landing: extra.landing } : {}),
      ...(extra.sessionId ? { sessionId: extra.sessionId } : {}),
    };
    emit();
  },
  setToken(token: string): void {
    state = { ...state, token };
    emit();
  },
  setUser(user: SessionUserDto): void {
    if (campaignsOn(user)) setCampaignsFlag();
    state = { ...state, user };
    emit();
  },
  /**
   * A 401, a logout or a forced logout: forget everything we hold about the user. `keepHint`: the
   * session could not be checked (no answer, a server error, a reload cutting the request short), so
   * this browser may still be signed in and the next start asks again.
   */
  clear({ keepHint = false }: { keepHint?: boolean } = {}): void {
    if (!keepHint) setSessionHint(false);
    state = { status: 'anonymous', token: null, user: null };
    emit();
  },
};

/** The signed-in user, reactive. Features other than auth use this instead of importing auth. */
export function useSessionUser(): SessionUserDto | null {
  return useSyncExternalStore(
    sessionStore.subscribe,
    () => sessionStore.get().user,
    () => null,
  );
}
