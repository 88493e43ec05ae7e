/**
 * A connection's address book: the contacts its WhatsApp socket has synced (Baileys 7 has no address
 * book query: the phone's saved contacts arrive as `contacts.upsert` from the app-state sync, chats'
 * names with `messaging-history.set`, push names with both), kept as they arrive through the inbound
 * worker's `contact.updated` events, so "import from the phone" reads them back a page at a time.
 *
 *   address-book entry  PK = C#<cid>#ABOOK#<connectionId>  SK = <digits>  { number, name?, pushName?, updatedAt }
 *
 * One partition per connection (a phone's contacts: thousands, not millions). Erased with the company
 * (company-purge.ts: every `C#<cid>#` item); entries of a deleted connection are never read again.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';
import { recentKeys } from './recent-keys';
import { queryPage, updateExpression } from './table-operations';

export interface AddressBookEntry {
  /** Digits with the country code, as WhatsApp reports them. */
  number: string;
  /** The name saved on the phone (or the chat's name). */
  name?: string;
  /** The name the person set on WhatsApp. */
  pushName?: string;
  updatedAt: string;
}

const bookPk = (companyId: string, connectionId: string) => tenantPk(companyId, 'ABOOK', connectionId);

/** What this process wrote last per entry: an event that changes nothing costs no write. */
const written = recentKeys(20_000);

/**
 * AP-AB1: keeps what an event says about an entry (a field the event lacks is left as it was, so a
 * push-name update never erases the name saved on the phone).
 */
export async function saveAddressBookEntry(
  companyId: string,
  connectionId: string,
  entry: Omit<AddressBookEntry, 'updatedAt'>,
): Promise<void> {
  const fingerprint = [companyId, connectionId, entry.number, entry.name ?? '', entry.pushName ?? ''].join('\u0000');
  if (written.has(fingerprint)) return;
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { PK: bookPk(companyId, connectionId), SK: entry.number },
      ...updateExpression({ ...entry, updatedAt: new Date().toISOString() }),
    }),
  );
  written.add(fingerprint);
}

/** AP-AB2: a page of a connection's address book, by number. */
export async function queryAddressBook(
  companyId: string,
  connectionId: string,
  page: { after?: Record<string, unknown>; limit: number },
): Promise<{ entries: AddressBookEntry[]; next?: Record<string, unknown> }> {
  const out = await queryPage(
    { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': bookPk(companyId, connectionId) } },
    page,
  );
  const entries = out.items.map(({ PK: _pk, SK: _sk, ...entry }) => entry as unknown as AddressBookEntry);
  return { entries, ...(out.next ? { next: out.next } : {}) };
}

/** A cursor of AP-AB2 read back from a client: only this connection's partition. */
export const isAddressBookCursorOf = (companyId: string, connectionId: string, key: Record<string, unknown>) =>
  key.PK === bookPk(companyId, connectionId) && typeof key.SK === 'string' && Object.keys(key).length === 2;

/** Tests write entries behind this process's back. */
export const forgetWrittenAddressBook = () => written.clear();
