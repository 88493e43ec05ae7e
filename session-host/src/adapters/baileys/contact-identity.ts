/**
 * WhatsApp identities → `ChannelContact`. Since Baileys 7 a chat may be addressed by LID
 * (`<digits>@lid`) with the phone-number JID only as the alternate (`key.remoteJidAlt`,
 * `participantAlt`, `Contact.phoneNumber`), or the other way round. Both are kept, so the platform
 * can match a contact by number or by lid.
 */
import type { ChannelContact } from '@atende/shared';
import { isLidUser, isPnUser, jidDecode, jidNormalizedUser, type Contact } from '@whiskeysockets/baileys';

const normalize = (jid: string | null | undefined) => (jid ? jidNormalizedUser(jid) : undefined);

export function contactFromJids(primary: string, alternate?: string | null, pushName?: string | null): ChannelContact {
  const jid = normalize(primary)!;
  const alt = normalize(alternate);
  const pn = isPnUser(jid) ? jid : alt && isPnUser(alt) ? alt : undefined;
  const lid = isLidUser(jid) ? jid : alt && isLidUser(alt) ? alt : undefined;
  return {
    jid,
    ...(pn ? { number: jidDecode(pn)?.user } : {}),
    ...(lid ? { lid } : {}),
    ...(pushName ? { pushName } : {}),
  };
}

export function contactFromBaileysContact(contact: Partial<Contact>): ChannelContact | undefined {
  if (!contact.id) return undefined;
  const jid = normalize(contact.id)!;
  if (!isPnUser(jid) && !isLidUser(jid)) return undefined; // groups, newsletters, broadcast lists
  const pn = normalize(contact.phoneNumber) ?? (isPnUser(jid) ? jid : undefined);
  const lid = normalize(contact.lid) ?? (isLidUser(jid) ? jid : undefined);
  const name = contact.name ?? contact.verifiedName;
  return {
    jid,
    ...(pn ? { number: jidDecode(pn)?.user } : {}),
    ...(lid ? { lid } : {}),
    ...(name ? { name } : {}),
    ...(contact.notify ? { pushName: contact.notify } : {}),
  };
}

/** The recipient JID of an outbound command: a JID as given, or digits → `<digits>@s.whatsapp.net`. */
export function recipientJid(to: string): string {
  if (to.includes('@')) return to;
  return `${to.replace(/\D/g, '')}@s.whatsapp.net`;
}
