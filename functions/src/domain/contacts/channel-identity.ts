import type { ChannelContact } from '@atende/shared';

/** What identifies a contact across channel events: phone number (digits) and/or WhatsApp lid. */
export interface ContactIdentity {
  number: string | null;
  lid: string | null;
  /** Best display name the channel gave (address-book name, then push name); null if none. */
  name: string | null;
  isGroup: boolean;
}

const PHONE_SERVERS = new Set(['s.whatsapp.net', 'c.us']);

/**
 * Reads number and lid from the explicit fields, falling back to the JID
 * (`5511…:12@s.whatsapp.net` → number, `…@lid` → lid, `…@g.us` → group id).
 */
export function identityOf(contact: ChannelContact, isGroup: boolean): ContactIdentity {
  const [userPart = '', server = ''] = contact.jid.split('@');
  const user = userPart.split(':')[0] ?? '';
  const lid = contact.lid ?? (server === 'lid' ? user : null);
  const rawNumber = contact.number ?? (PHONE_SERVERS.has(server) || server === 'g.us' ? user : '');
  // Group ids may hold a dash (old `<creator>-<timestamp>` ids); phone numbers are digits only.
  const number = rawNumber.replace(isGroup ? /[^\d-]/g : /\D/g, '');
  const name = contact.name?.trim() || contact.pushName?.trim() || null;
  return { number: number || null, lid: lid ? lid.replace(/@lid$/, '') : null, name, isGroup };
}

/**
 * The identity as the company wants it written: with newLeadsNotWriteName on (`keepNames` false) the
 * channel's name is dropped, so a new contact is named by its number and a placeholder name stays.
 */
export const namedAsTheCompanyWants = (identity: ContactIdentity, keepNames: boolean): ContactIdentity =>
  keepNames ? identity : { ...identity, name: null };

/** The JID to address a contact on WhatsApp: its number when known, else its lid; groups by group id. */
export function contactJid(contact: { number: string; lid?: string | null; isGroup?: boolean }): string {
  if (contact.isGroup) return `${contact.number}@g.us`;
  if (contact.number) return `${contact.number}@s.whatsapp.net`;
  return `${contact.lid}@lid`;
}
