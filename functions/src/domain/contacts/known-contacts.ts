/**
 * Which contact a channel identity matched last, kept per process: the next message of the same chat
 * reads its contact (and conversation) straight away instead of first reading the lookup item of its
 * lid or number — one round of reads fewer on the inbound path for every chat already seen.
 * Nothing here is trusted: the contact read is checked to still carry the key (`holdsKey`), and a
 * contact that lost it (number edited, contact deleted) sends the message down the full lookup, so
 * the cache can be stale without ever matching the wrong contact. Keys: the lid when the channel
 * gives one (it wins over the number, as in findContact), else the number; per company.
 */
import type { ContactRecord } from '../../data/contacts';
import { recentMap } from '../../data/recent-keys';
import type { ContactIdentity } from './channel-identity';

const known = recentMap<string>(20_000); // ~2 MB; an inbound Lambda serves a few companies' active chats

const keyOf = (companyId: string, identity: ContactIdentity): string | undefined =>
  identity.lid
    ? `${companyId}\u0000lid\u0000${identity.lid}`
    : identity.number
      ? `${companyId}\u0000n\u0000${identity.number}`
      : undefined;

/** The contact still holds the key the identity is matched by (its lid, or its number when it has no lid). */
export const holdsKey = (contact: ContactRecord, identity: ContactIdentity): boolean =>
  identity.lid ? contact.lid === identity.lid : !!identity.number && contact.number === identity.number;

export function knownContactId(companyId: string, identity: ContactIdentity): string | undefined {
  const key = keyOf(companyId, identity);
  return key ? known.get(key) : undefined;
}

/** Remembers the contact an identity matched, when it holds the identity's key. */
export function rememberContact(contact: ContactRecord, identity: ContactIdentity): void {
  const key = keyOf(contact.companyId, identity);
  if (key && holdsKey(contact, identity)) known.set(key, contact.id);
}

export function forgetContact(companyId: string, identity: ContactIdentity): void {
  const key = keyOf(companyId, identity);
  if (key) known.delete(key);
}
