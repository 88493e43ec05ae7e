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
