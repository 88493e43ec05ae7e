/**
 * Contact entity (spec part 1 §3) and the lookup items that make matching by phone number and by
 * WhatsApp lid a single GetItem — and unique per company (a TransactWrite with attribute_not_exists).
 *
 *   contact  PK = C#<cid>#CONTACT      SK = <contactId>
 *            GSI1PK = C#<cid>#CONTACTNAME  GSI1SK = <lower-cased name>#<contactId>   (list/search by name, contacts issue)
 *   lookup   PK = C#<cid>#CONTACTKEY   SK = number#<digits> | lid#<lid>   { contactId }
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactDto } from '@atende/shared';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';
import { transactWrite, type LabelledItem } from './transactions';

/** The stored contact: the API's shape plus its company. */
export interface ContactRecord extends ContactDto {
  companyId: string;
}

export type ContactKeyKind = 'number' | 'lid';

const contactKey = (companyId: string, id: string) => ({ PK: tenantPk(companyId, 'CONTACT'), SK: id });
const lookupKey = (companyId: string, kind: ContactKeyKind, value: string) => ({ PK: tenantPk(companyId, 'CONTACTKEY'), SK: `${kind}#${value}` });
const nameIndex = (contact: ContactRecord) => ({
  GSI1PK: tenantPk(contact.companyId, 'CONTACTNAME'),
  GSI1SK: `${contact.name.trim().toLowerCase()}#${contact.id}`,
});

function fromItem(item: Record<string, unknown>): ContactRecord {
  const { PK: _pk, SK: _sk, GSI1PK: _g1pk, GSI1SK: _g1sk, ...contact } = item;
  return contact as unknown as ContactRecord;
}

/** AP-CT1: contact by id. */
export async function getContact(companyId: string, contactId: string): Promise<ContactRecord | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: contactKey(companyId, contactId), ConsistentRead: true }));
  return out.Item ? fromItem(out.Item) : undefined;
}

/** AP-CT2: contact id by phone number or by lid. */
export async function findContactIdByKey(companyId: string, kind: ContactKeyKind, value: string): Promise<string | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: lookupKey(companyId, kind, value), ConsistentRead: true }));
  return out.Item?.contactId as string | undefined;
}

const takeLookup = (companyId: string, kind: ContactKeyKind, value: string, contactId: string): LabelledItem => ({
  label: kind,
  item: { Put: { TableName: tableName(), Item: { ...lookupKey(companyId, kind, value), contactId }, ConditionExpression: 'attribute_not_exists(PK)' } },
});

/**
 * Creates the contact with its number and lid lookups. TransactionConditionFailed labelled `number`
 * or `lid` = another writer registered that key first (the caller re-reads and uses theirs).
 */
export async function insertContact(contact: ContactRecord): Promise<void> {
  const items: LabelledItem[] = [
    { label: 'contact', item: { Put: { TableName: tableName(), Item: { ...contactKey(contact.companyId, contact.id), ...nameIndex(contact), ...contact }, ConditionExpression: 'attribute_not_exists(PK)' } } },
  ];
  if (contact.number) items.push(takeLookup(contact.companyId, 'number', contact.number, contact.id));
  if (contact.lid) items.push(takeLookup(contact.companyId, 'lid', contact.lid, contact.id));
  await transactWrite(items);
}

/** Registers a key the contact did not have yet (a lid learnt later, or a number revealed behind a lid). */
export async function attachContactKey(companyId: string, contactId: string, kind: ContactKeyKind, value: string): Promise<ContactRecord | undefined> {
  await transactWrite([
    takeLookup(companyId, kind, value, contactId),
    { label: 'contact', item: { Update: {
      TableName: tableName(), Key: contactKey(companyId, contactId),
      UpdateExpression: 'SET #field = :value, updatedAt = :now', ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#field': kind }, ExpressionAttributeValues: { ':value': value, ':now': new Date().toISOString() },
    } } },
  ]);
  return getContact(companyId, contactId);
}

/** Name and/or picture from the channel; keeps the name index in step. */
export async function updateContactProfile(
  contact: ContactRecord, changes: { name?: string; profilePicUrl?: string },
): Promise<ContactRecord> {
  const next: ContactRecord = { ...contact, ...changes, updatedAt: new Date().toISOString() };
  const out = await ddb().send(new UpdateCommand({
    TableName: tableName(), Key: contactKey(contact.companyId, contact.id),
    UpdateExpression: 'SET #name = :name, profilePicUrl = :pic, updatedAt = :now, GSI1SK = :gsi1sk',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeNames: { '#name': 'name' },
    ExpressionAttributeValues: { ':name': next.name, ':pic': next.profilePicUrl, ':now': next.updatedAt, ':gsi1sk': nameIndex(next).GSI1SK },
    ReturnValues: 'ALL_NEW',
  }));
  return fromItem(out.Attributes!);
}
