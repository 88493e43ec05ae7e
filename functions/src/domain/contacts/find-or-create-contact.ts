/**
 * Contact matching for channel events (ARCHITECTURE.md: "Contacts are matched by phone number and
 * by WhatsApp lid"). The lid wins when both match different contacts: it is the account's identity,
 * while a number can move between accounts. Keys learnt later are attached to the contact found,
 * so the next event matches in one read whichever key it carries.
 */
import { ulid } from '@atende/shared/ids';
import {
  attachContactKey,
  findContactIdByKey,
  getContact,
  updateContactProfile,
  type ContactKeyKind,
  type ContactRecord,
} from '../../data/contacts';
import { completeContactCreation, createContactGuarded, type StoredContact } from '../../data/contact-creation';
import { TransactionConditionFailed } from '../../data/transactions';
import { logger } from '../../platform/logger';
import type { ContactIdentity } from './channel-identity';
import { leadMoves } from '../dashboard/company-clock';
import { forgetContact, holdsKey, knownContactId, rememberContact } from './known-contacts';

const RACE_RETRIES = 3;

/** `created`: this call created the contact, so nothing (no conversation, no ticket) refers to it yet. */
export interface ContactMatch {
  contact: ContactRecord;
  created: boolean;
}

export async function findOrCreateContact(companyId: string, identity: ContactIdentity): Promise<ContactMatch> {
  for (let attempt = 0; ; attempt++) {
    const found = await locateContact(companyId, identity);
    if (found.contact)
      return { contact: remembered(await completeContact(found.contact, identity), identity), created: false };
    try {
      // A lookup naming no stored contact: a creation cut short after its guard (or under way), finished here.
      const stored = await createContact(companyId, identity, found.pendingId);
      const contact = stored.created ? stored.contact : await completeContact(stored.contact, identity);
      return { contact: remembered(contact, identity), created: stored.created };
    } catch (err) {
      // Another event created the contact (or took one of its keys) first: read theirs.
      if (!(err instanceof TransactionConditionFailed) || attempt >= RACE_RETRIES) throw err;
    }
  }
}

/** By lid first, then by number; a chat seen before goes straight to the contact it matched (known-contacts.ts). */
export async function findContact(companyId: string, identity: ContactIdentity): Promise<ContactRecord | undefined> {
  return (await locateContact(companyId, identity)).contact;
}

/** The contact, or the id a lookup names without a stored contact (`pendingId`: its creation is not finished). */
async function locateContact(
  companyId: string,
  identity: ContactIdentity,
): Promise<{ contact?: ContactRecord; pendingId?: string }> {
  const knownId = knownContactId(companyId, identity);
  if (knownId) {
    const contact = await getContact(companyId, knownId);
    if (contact && holdsKey(contact, identity)) return { contact };
    forgetContact(companyId, identity);
  }
  const byLid = identity.lid ? await findContactIdByKey(companyId, 'lid', identity.lid) : undefined;
  const byNumber = !byLid && identity.number ? await findContactIdByKey(companyId, 'number', identity.number) : undefined;
  const id = byLid ?? byNumber;
  if (!id) return {};
  const contact = await getContact(companyId, id);
  return contact ? { contact } : { pendingId: id };
}

const remembered = (contact: ContactRecord, identity: ContactIdentity): ContactRecord => {
  rememberContact(contact, identity);
  return contact;
};

/** Without a transaction, in a guarded order (data/contact-creation.ts); `pendingId` finishes a creation begun. */
async function createContact(companyId: string, identity: ContactIdentity, pendingId?: string): Promise<StoredContact> {
  const now = new Date().toISOString();
  const contact: ContactRecord = {
    id: pendingId ?? ulid(),
    companyId,
    name: identity.name ?? identity.number ?? identity.lid ?? '',
    number: identity.number ?? '',
    lid: identity.lid,
    email: '',
    profilePicUrl: '',
    isGroup: identity.isGroup,
    extraInfo: [],
    createdAt: now,
    updatedAt: now,
  };
  if (pendingId) return completeContactCreation(contact);
  return createContactGuarded(contact, await leadMoves(companyId, now, identity.isGroup === true));
}

/**
 * Attaches keys the contact lacks, replaces a placeholder name (its number or lid) by a real one —
 * never a name a person typed — and takes a new profile picture.
 */
export async function completeContact(
  contact: ContactRecord,
  identity: ContactIdentity,
  profilePicUrl?: string,
): Promise<ContactRecord> {
  let current = contact;
  if (identity.lid && !current.lid) current = await attachKey(current, 'lid', identity.lid);
  if (identity.number && !current.number) current = await attachKey(current, 'number', identity.number);
  const hasPlaceholderName = !current.name || current.name === current.number || current.name === current.lid;
  const name = identity.name && hasPlaceholderName && identity.name !== current.name ? identity.name : undefined;
  const picture = profilePicUrl !== undefined && profilePicUrl !== current.profilePicUrl ? profilePicUrl : undefined;
  if (name !== undefined || picture !== undefined) {
    current = await updateContactProfile(current, {
      ...(name !== undefined ? { name } : {}),
      ...(picture !== undefined ? { profilePicUrl: picture } : {}),
    });
  }
  return current;
}

async function attachKey(contact: ContactRecord, kind: ContactKeyKind, value: string): Promise<ContactRecord> {
  try {
    return (await attachContactKey(contact.companyId, contact.id, kind, value)) ?? contact;
  } catch (err) {
    if (!(err instanceof TransactionConditionFailed)) throw err;
    // The key already belongs to another contact of the company: keep both, merging is a human decision.
    logger.warn('contact key already taken', { companyId: contact.companyId, contactId: contact.id, kind });
    return contact;
  }
}
