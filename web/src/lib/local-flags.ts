/**
 * Browser flags the spec names (part 1 §2): the campaign routes exist only when a local flag named
 * `cshow` exists, whatever its value (set it with `localStorage.setItem('cshow', '1')`).
 */
export const CAMPAIGNS_FLAG = 'cshow';

export function campaignsFlagSet(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(CAMPAIGNS_FLAG) != null;
  } catch {
    return false; // storage blocked (privacy mode): no flag
  }
}
