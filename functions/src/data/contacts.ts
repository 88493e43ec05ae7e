/**
 * Contact entity (spec part 1 §3) and the lookup items that make matching by phone number and by
 * WhatsApp lid a single GetItem — and unique per company (a TransactWrite with attribute_not_exists).
 *
 *   contact  PK = C#<cid>#CONTACT      SK = <contactId>
 *            GSI1PK = C#<cid>#CONTACTNAME  GSI1SK = <lower-cased name>#<contactId>   (list/search by name, contacts issue)
 *   lookup   PK = C#<cid>#CONTACTKEY   SK = number#<digits> | lid#<lid>   { contactId }
 *   counter  PK = C#<cid>#COUNTER      SK = CONTACTS   { n }   (moved in the contact's own transaction)
 *   search   the contact index of search-index.ts (tokens of name and number)
 * A channel event creates its contact without a transaction, in a guarded order (contact-creation.ts).
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactDto } from '@atende/shared';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';
import { indexTokens, unindexTokens } from './search-index';
import { numberTokens, tokensOf } from './search-tokens';
import { TransactionConditionFailed, transactWrite, type LabelledItem } from './transactions';
import { batchGet, queryPage } from './table-operations';
import { consistentGet } from './read-ahead';

/** The stored contact: the API's shape plus its company. */
export interface ContactRecord extends ContactDto {
  companyId: string;
}

export type ContactKeyKind = 'number' | 'lid';

export const contactKey = (companyId: string, id: string) => ({ PK: tenantPk(companyId, 'CONTACT'), SK: id });
export const lookupKey = (companyId: string, kind: ContactKeyKind, value: string) => ({
  PK: tenantPk(companyId, 'CONTACTKEY'),
  SK: `${kind}#${value}`,
});
const nameIndex = (contact: ContactRecord) => ({
  GSI1PK: tenantPk(contact.companyId, 'CONTACTNAME'),
  GSI1SK: `${contact.name.trim().toLowerCase()}#${contact.id}`,
});
/** The contact item as stored (keys and name index). */
export const contactItem = (contact: ContactRecord) => ({
  ...contactKey(contact.companyId, contact.id),
  ...nameIndex(contact),
  ...contact,
});

const counterKey = (companyId: string) => ({ PK: tenantPk(companyId, 'COUNTER'), SK: 'CONTACTS' });
/** The company's contact counter moved by `delta` (an Update). */
export const countOne = (companyId: string, delta: number): LabelledItem => ({
  label: 'counter',
  item: {
    Update: {
      TableName: tableName(),
      Key: counterKey(companyId),
      UpdateExpression: 'ADD n :d',
      ExpressionAttributeValues: { ':d': delta },
    },
  },
});

/** What the contact search finds a contact by: the words of its name and its number (search-tokens.ts bounds). */
export const contactSearchTokens = (c: Pick<ContactRecord, 'name' | 'number' | 'isGroup'>) => [
  ...new Set([...tokensOf(c.name, 8), ...(c.isGroup ? [] : numberTokens(c.number))]),
];

/** The stored items of a new contact (the bench bulk-loads these). */
export const contactItems = (c: ContactRecord) => [
  contactItem(c),
  ...(c.number ? [{ ...lookupKey(c.companyId, 'number', c.number), contactId: c.id }] : []),
  ...(c.lid ? [{ ...lookupKey(c.companyId, 'lid', c.lid), contactId: c.id }] : []),
];

function fromItem(item: Record<string, unknown>): ContactRecord {
  const { PK: _pk, SK: _sk, GSI1PK: _g1pk, GSI1SK: _g1sk, ...contact } = item;
  // (contacts never carry other keys)
  return contact as unknown as ContactRecord;
}

/** AP-CT1: contact by id. */
export async function getContact(companyId: string, contactId: string): Promise<ContactRecord | undefined> {
  const item = await consistentGet(contactKey(companyId, contactId));
  return item ? fromItem(item) : undefined;
}

/** AP-CT2: contact id by phone number or by lid. */
export async function findContactIdByKey(
  companyId: string,
  kind: ContactKeyKind,
  value: string,
): Promise<string | undefined> {
  return (await consistentGet(lookupKey(companyId, kind, value)))?.contactId as string | undefined;
}

/**
 * Takes a number or lid for a contact: free, or already this contact's (a retry, or the completion of a
 * creation cut short after its guard, contact-creation.ts). Fails with label `kind` when another holds it.
 */
export const takeLookup = (companyId: string, kind: ContactKeyKind, value: string, contactId: string): LabelledItem => ({
  label: kind,
  item: {
    Put: {
      TableName: tableName(),
      Item: { ...lookupKey(companyId, kind, value), contactId },
      ConditionExpression: 'attribute_not_exists(PK) OR contactId = :me',
      ExpressionAttributeValues: { ':me': contactId },
    },
  },
});

/**
 * Creates the contact with its number and lid lookups in one transaction (the contacts API and imports:
 * a key taken is ERR_DUPLICATED_CONTACT). TransactionConditionFailed labelled `number` or `lid` = another
 * writer registered that key first (the caller re-reads and uses theirs).
 */
export async function insertContact(contact: ContactRecord, extra: LabelledItem[] = []): Promise<void> {
  const items: LabelledItem[] = [
    {
      label: 'contact',
      item: {
        Put: {
          TableName: tableName(),
          Item: contactItem(contact),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
  ];
  if (contact.number) items.push(takeLookup(contact.companyId, 'number', contact.number, contact.id));
  if (contact.lid) items.push(takeLookup(contact.companyId, 'lid', contact.lid, contact.id));
  items.push(countOne(contact.companyId, 1));
  // The search entries (≤ 11, search-tokens.ts) go FIRST, as idempotent Puts of their own: in the
  // transaction each would bill twice (issue 28 §1). So a contact is never stored unfindable. A lost
  // race takes them back; an attempt cut short before the transaction leaves entries of an id no
  // contact has, which the search skips (contact-book.ts resolves each entry to its contact).
  const tokens = contactSearchTokens(contact);
  await indexTokens('CIX', contact.companyId, contact.id, tokens);
  try {
    // `extra`: aggregates kept elsewhere (the dashboard's leads), counted once with the contact
    await transactWrite([...items, ...extra]);
  } catch (err) {
    if (err instanceof TransactionConditionFailed) await unindexTokens('CIX', contact.companyId, contact.id, tokens);
    throw err;
  }
}

/**
 * Replaces a contact (the contact form): number and lid lookups move with it (label `number` /
 * `lid` = taken by another contact), `contact` = changed meanwhile. Then the search tokens follow.
 */
export async function replaceContact(before: ContactRecord, after: ContactRecord): Promise<void> {
  const items: LabelledItem[] = [
    {
      label: 'contact',
      item: {
        Put: {
          TableName: tableName(),
          Item: contactItem(after),
          ConditionExpression: 'updatedAt = :prev',
          ExpressionAttributeValues: { ':prev': before.updatedAt },
        },
      },
    },
  ];
  for (const kind of ['number', 'lid'] as const) {
    const was = before[kind] || null;
    const now = after[kind] || null;
    if (was === now) continue;
    if (was)
      items.push({
        label: `${kind}-release`,
        item: {
          Delete: {
            TableName: tableName(),
            Key: lookupKey(before.companyId, kind, was),
            ConditionExpression: 'contactId = :me',
            ExpressionAttributeValues: { ':me': before.id },
          },
        },
      });
    if (now) items.push(takeLookup(after.companyId, kind, now, after.id));
  }
  await transactWrite(items);
  await reindexContact(before, after);
}

/** AP-CT3: a page of the company's contacts by name. */
export async function queryContactsByName(companyId: string, page: { after?: Record<string, unknown>; limit: number }) {
  const out = await queryPage(
    {
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': tenantPk(companyId, 'CONTACTNAME') },
    },
    page,
  );
  return { contacts: out.items.map(fromItem), next: out.next };
}

/**
 * AP-CT7: a page of the company's contact ids in id order (stable: a rename does not move a contact),
 * with whether each is a group; `after` continues after a contact id. A one-off pass over every
 * contact (the tagged-ticket backfill) reads this, never a request path.
 */
export async function listContactIdsPage(
  companyId: string,
  page: { after?: string; limit: number },
): Promise<{ contacts: { id: string; isGroup: boolean }[]; last?: string }> {
  const pk = tenantPk(companyId, 'CONTACT');
  const out = await queryPage(
    {
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ProjectionExpression: 'SK, isGroup',
    },
    { limit: page.limit, ...(page.after ? { after: { PK: pk, SK: page.after } } : {}) },
  );
  return {
    contacts: out.items.map((i) => ({ id: String(i.SK), isGroup: i.isGroup === true })),
    ...(out.next ? { last: String(out.next.SK) } : {}),
  };
}

export const isContactsCursorOf = (companyId: string, key: Record<string, unknown>) =>
  key.GSI1PK === tenantPk(companyId, 'CONTACTNAME');

/** Bulk loading (bench generator): many contacts at once. */
export async function addToContactCount(companyId: string, n: number): Promise<void> {
  await ddb().send(new UpdateCommand(countOne(companyId, n).item.Update!));
}

/** AP-CT4: how many contacts a company has. */
export async function countContacts(companyId: string): Promise<number> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: counterKey(companyId) }));
  return Number(out.Item?.n ?? 0);
}

/** AP-CT5: contacts by id (page rendering; unknown ids skipped). */
export async function getContacts(companyId: string, ids: string[]): Promise<ContactRecord[]> {
  if (!ids.length) return [];
  return (await batchGet(ids.map((id) => contactKey(companyId, id)))).map(fromItem);
}

/** Registers a key the contact did not have yet (a lid learnt later, or a number revealed behind a lid). */
export async function attachContactKey(
  companyId: string,
  contactId: string,
  kind: ContactKeyKind,
  value: string,
): Promise<ContactRecord | undefined> {
  await transactWrite([
    takeLookup(companyId, kind, value, contactId),
    {
      label: 'contact',
      item: {
        Update: {
          TableName: tableName(),
          Key: contactKey(companyId, contactId),
          UpdateExpression: 'SET #field = :value, updatedAt = :now',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#field': kind },
          ExpressionAttributeValues: { ':value': value, ':now': new Date().toISOString() },
        },
      },
    },
  ]);
  const after = await getContact(companyId, contactId);
  if (after && kind === 'number') await indexTokens('CIX', companyId, contactId, numberTokens(value));
  return after;
}

/** Name and/or picture from the channel; keeps the name index in step. */
export async function updateContactProfile(
  contact: ContactRecord,
  changes: { name?: string; profilePicUrl?: string },
): Promise<ContactRecord> {
  const next: ContactRecord = { ...contact, ...changes, updatedAt: new Date().toISOString() };
  const out = await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: contactKey(contact.companyId, contact.id),
      UpdateExpression: 'SET #name = :name, profilePicUrl = :pic, updatedAt = :now, GSI1SK = :gsi1sk',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: {
        ':name': next.name,
        ':pic': next.profilePicUrl,
        ':now': next.updatedAt,
        ':gsi1sk': nameIndex(next).GSI1SK,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const updated = fromItem(out.Attributes!);
  await reindexContact(contact, updated);
  return updated;
}

async function reindexContact(before: ContactRecord, after: ContactRecord): Promise<void> {
  const old = new Set(contactSearchTokens(before));
  const next = contactSearchTokens(after);
  await unindexTokens(
    'CIX',
    after.companyId,
    after.id,
    [...old].filter((t) => !next.includes(t)),
  );
  await indexTokens(
    'CIX',
    after.companyId,
    after.id,
    next.filter((t) => !old.has(t)),
  );
}

/**
 * AP-CT6: deletes a contact with its number and lid lookups and its count (label `contact` = changed or
 * deleted meanwhile), then its search entries. Its tickets stay (they show an empty contact).
 */
export async function removeContact(contact: ContactRecord): Promise<void> {
  const items: LabelledItem[] = [
    {
      label: 'contact',
      item: {
        Delete: {
          TableName: tableName(),
          Key: contactKey(contact.companyId, contact.id),
          ConditionExpression: 'updatedAt = :prev',
          ExpressionAttributeValues: { ':prev': contact.updatedAt },
        },
      },
    },
  ];
  for (const kind of ['number', 'lid'] as const) {
    const value = contact[kind];
    if (!value) continue;
    items.push({
      label: `${kind}-release`,
      item: {
        Delete: {
          TableName: tableName(),
          Key: lookupKey(contact.companyId, kind, value),
          ConditionExpression: 'attribute_not_exists(PK) OR contactId = :me',
          ExpressionAttributeValues: { ':me': contact.id },
        },
      },
    });
  }
  items.push(countOne(contact.companyId, -1));
  await transactWrite(items);
  await unindexTokens('CIX', contact.companyId, contact.id, contactSearchTokens(contact));
}
