/**
 * A contact created from a channel event, without a transaction (a transaction bills every item twice:
 * issue 28 §1), in a guarded order:
 *   1. THE GUARD: its number and lid lookups, each free or already this contact's (`takeLookup`): one
 *      Put, or one transaction of the two when it has both, so of two creators sharing either key one
 *      wins whole; a key another contact holds fails with its label (`number` / `lid`), the search
 *      entries are taken back, and the caller re-reads and uses the winner. Beside it, the contact's
 *      search entries (idempotent Puts), so a contact is never stored unfindable;
 *   2. the contact item, conditional on not existing (`created`: this call stored it); beside it, the
 *      guard's winner counts the contact (the company's contact counter and `extra`: the dashboard's leads).
 * A lookup naming a contact that is not stored is a creation cut short after its guard, or still under
 * way: `completeContactCreation` stores it under that id (a redelivery, a concurrent event) and counts
 * nothing, so a contact is stored and counted once. A process stopped between its guard and its counters
 * leaves the count one short, never one over (docs/decisions.md).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { contactItem, contactSearchTokens, countOne, getContact, takeLookup, type ContactRecord } from './contacts';
import { indexTokens, unindexTokens } from './search-index';
import {
  isConditionFailed,
  TransactionConditionFailed,
  transactWrite,
  updateAlone,
  type LabelledItem,
} from './transactions';

/** The contact as stored, and whether this call stored it (then nothing refers to it yet). */
export interface StoredContact {
  contact: ContactRecord;
  created: boolean;
}

const lookupsOf = (contact: ContactRecord): LabelledItem[] =>
  (['number', 'lid'] as const).flatMap((kind) => {
    const value = contact[kind];
    return value ? [takeLookup(contact.companyId, kind, value, contact.id)] : [];
  });

/** Runs one Put of a lookup; its failed condition as the transaction's would be (by label). */
async function putLookup(lookup: LabelledItem): Promise<void> {
  try {
    await ddb().send(new PutCommand(lookup.item.Put!));
  } catch (err) {
    if (isConditionFailed(err)) throw new TransactionConditionFailed([lookup.label]);
    throw err;
  }
}

/** A new contact (a fresh id). TransactionConditionFailed `number` / `lid`: another contact holds that key. */
export async function createContactGuarded(contact: ContactRecord, extra: LabelledItem[] = []): Promise<StoredContact> {
  const tokens = contactSearchTokens(contact);
  const lookups = lookupsOf(contact);
  const [indexed, guarded] = await Promise.allSettled([
    indexTokens('CIX', contact.companyId, contact.id, tokens),
    lookups.length > 1 ? transactWrite(lookups) : lookups.length ? putLookup(lookups[0]!) : undefined,
  ]);
  if (guarded.status === 'rejected') {
    if (guarded.reason instanceof TransactionConditionFailed)
      await unindexTokens('CIX', contact.companyId, contact.id, tokens);
    throw guarded.reason;
  }
  if (indexed.status === 'rejected') throw indexed.reason;
  // The id is this call's own: its guard taken, it alone counts the contact.
  const [stored] = await Promise.all([
    storeContact(contact),
    ...[countOne(contact.companyId, 1), ...extra].map(updateAlone),
  ]);
  return stored;
}

/**
 * Stores a contact whose guard a lookup already names (`contact.id`), uncounted (its creator counted it):
 * its keys taken one by one, a key another contact took meanwhile left out (both stay: merging is a
 * human decision), its search entries, then the contact item.
 */
export async function completeContactCreation(contact: ContactRecord): Promise<StoredContact> {
  const held: ContactRecord = { ...contact };
  for (const lookup of lookupsOf(contact)) {
    try {
      await putLookup(lookup);
    } catch (err) {
      if (!(err instanceof TransactionConditionFailed)) throw err;
      if (lookup.label === 'number') held.number = '';
      else held.lid = null;
    }
  }
  await indexTokens('CIX', held.companyId, held.id, contactSearchTokens(held));
  return storeContact(held);
}

/** The contact item, written once: `created` for the write that stored it, the stored contact for others. */
async function storeContact(contact: ContactRecord): Promise<StoredContact> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: contactItem(contact),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return { contact, created: true };
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
    const stored = await getContact(contact.companyId, contact.id);
    // Stored by another creator; gone again only if deleted meanwhile (the caller reads again).
    if (!stored) throw new TransactionConditionFailed(['contact']);
    return { contact: stored, created: false };
  }
}
