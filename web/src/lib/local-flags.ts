/**
 * Browser flags the spec names (part 1 §2): the campaign routes exist only when a local flag named
 * `cshow` exists, whatever its value. Signing in to a company with campaignsEnabled sets it, as the
 * Whaticket family's login does (decisions.md "The cshow flag"), so the menu's campaign entries
 * never lead to "not found"; removing it by hand hides the campaign screens in that browser.
 */
export const CAMPAIGNS_FLAG = 'cshow';

export function campaignsFlagSet(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(CAMPAIGNS_FLAG) != null;
  } catch {
    return false; // storage blocked (privacy mode): no flag
  }
}

/** Sets the flag (sign-in of a company with campaigns on); a blocked storage is ignored. */
export function setCampaignsFlag(storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(CAMPAIGNS_FLAG, '1');
  } catch {
    // storage blocked: the campaign screens stay closed in this browser
  }
}

/**
 * "This browser has signed in and not signed out": without it a first visit does not ask
 * `POST /auth/refresh_token` (no refresh cookie can exist, and the 401 it would answer is a console
 * error on the sign-in page). Set at every sign-in or refresh, removed when the session ends. A blocked
 * storage reads as set, so the session is still restored from its cookie.
 */
export const SESSION_HINT = 'atende.signedIn';

export function sessionHintSet(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    return !storage || storage.getItem(SESSION_HINT) != null;
  } catch {
    return true;
  }
}

/** Marks (`on`) or unmarks this browser as signed in; a blocked storage is ignored. */
export function setSessionHint(
  on: boolean,
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = globalThis.localStorage,
): void {
  try {
    if (on) storage?.setItem(SESSION_HINT, '1');
    else storage?.removeItem(SESSION_HINT);
  } catch {
    // storage blocked: every start asks for the session
  }
}
