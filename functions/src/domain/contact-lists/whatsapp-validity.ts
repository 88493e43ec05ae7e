/**
 * Whether numbers are on WhatsApp, for a list's items (spec part 3 §3 isWhatsappValid; issue 27 item
 * 2). Answers come from the company's cache of WhatsApp's answers (data/whatsapp-number-checks.ts,
 * 7 days per number), so a number is never asked twice in that time. A number without a known answer
 * stays null, and the caller says why: the company has no connected default connection to ask
 * through (`noConnection`), or the answer is not known yet (`pending`; the session host's check
 * fills the cache, decisions.md "Contact lists: WhatsApp check"; number-checks.ts asks it through
 * `connection`, set when the state is `pending`).
 */
import type { WhatsappCheckState } from '@atende/shared';
import { findDefaultConnection, type ConnectionRecord } from '../../data/connections';
import { getWhatsappNumberChecks } from '../../data/whatsapp-number-checks';

export interface WhatsappValidity {
  /** number → true / false, or null when not known. */
  of(number: string): boolean | null;
  state: WhatsappCheckState;
  /** The connected default connection to ask through, when `state` is `pending`. */
  connection?: ConnectionRecord;
}

export async function whatsappValidityOf(companyId: string, numbers: readonly string[]): Promise<WhatsappValidity> {
  const known = await getWhatsappNumberChecks(companyId, [...new Set(numbers)]); // AP-WN1
  const of = (number: string) => known.get(number) ?? null;
  if (numbers.every((n) => known.has(n))) return { of, state: 'checked' };
  const connection = await findDefaultConnection(companyId); // AP-W3, AP-W1
  return connection?.status === 'CONNECTED' ? { of, state: 'pending', connection } : { of, state: 'noConnection' };
}
