/**
 * Why this tab was signed out by the platform (spec part 1 §4: a sign-in of the same user elsewhere,
 * deactivation, deletion). The forced logout reloads the page after 1 s, which takes its toast with
 * it: the reason is kept in this tab's sessionStorage until the next sign-in, and the login page
 * says it (issue 30 item 13), in its own language (the key of the text is kept, not the text).
 */
export const SIGN_OUT_TEXT = {
  otherDevice: 'forcedLogoutOtherDevice',
  deleted: 'forcedLogoutDeleted',
  deactivated: 'forcedLogoutDeactivated',
} as const;
export type SignOutReason = keyof typeof SIGN_OUT_TEXT;

const KEY = 'signedOutReason';

/** Storage may be blocked: then the toast before the reload is all there is. */
function storage(act: (store: Storage) => string | null | void): string | null {
  try {
    return act(sessionStorage) ?? null;
  } catch {
    return null;
  }
}

export const rememberSignOutReason = (reason: SignOutReason): void => void storage((s) => s.setItem(KEY, reason));

/** The reason a forced logout left in this tab, if any. */
export function signOutReason(): SignOutReason | null {
  const stored = storage((s) => s.getItem(KEY));
  return stored && stored in SIGN_OUT_TEXT ? (stored as SignOutReason) : null;
}

export const forgetSignOutReason = (): void => void storage((s) => s.removeItem(KEY));
