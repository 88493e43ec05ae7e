/**
 * "Is this number on WhatsApp" for a batch of numbers (the `numbers.check` command; issue 27 item 2):
 * one `onWhatsApp` query for the whole batch. In rc14 the answer lists only the numbers that have an
 * account (entries whose USync contact `type` is not `in` are filtered out) and names each by the JID
 * WhatsApp found, not by the number asked: a Brazilian mobile may answer with or without the ninth
 * digit (added in 2012-16), as number-resolver.ts relies on for sends. So an asked number matches an
 * answer with its own digits or its other Brazilian form; a number no answer matches has no account.
 * No answer at all (`undefined`) is not a "no": the check fails and nothing is reported.
 */
import type { NumberCheckResult } from '@atende/shared';
import { jidDecode } from '@whiskeysockets/baileys';
import type { BaileysSocketLike } from './socket-config';

/** The other form of a Brazilian mobile number: 55 DD 9XXXXXXXX ⇄ 55 DD XXXXXXXX; undefined for any other number. */
export function brazilianAlternative(digits: string): string | undefined {
  if (!digits.startsWith('55')) return undefined;
  const prefix = digits.slice(0, 4);
  const local = digits.slice(4);
  if (digits.length === 13 && local.startsWith('9')) return prefix + local.slice(1);
  // 8-digit numbers starting 6-9 were mobiles before the ninth digit; 2-5 are landlines.
  if (digits.length === 12 && /^[6-9]/.test(local)) return `${prefix}9${local}`;
  return undefined;
}

export async function checkNumbersOnWhatsapp(
  socket: Pick<BaileysSocketLike, 'onWhatsApp'>,
  numbers: readonly string[],
): Promise<NumberCheckResult[]> {
  if (!numbers.length) return [];
  const answers = await socket.onWhatsApp(...numbers.map((n) => `${n}@s.whatsapp.net`));
  if (!answers) throw new Error('WhatsApp gave no answer to the number check');
  const accounts = new Map<string, string>(); // user part → the account's JID
  for (const answer of answers) {
    const user = answer.exists ? jidDecode(answer.jid)?.user : undefined;
    if (user) accounts.set(user, answer.jid);
  }
  return numbers.map((number) => {
    const alternative = brazilianAlternative(number);
    const jid = accounts.get(number) ?? (alternative ? accounts.get(alternative) : undefined);
    return jid ? { number, exists: true, jid } : { number, exists: false };
  });
}
