/**
 * The items of a campaign contact list (spec part 3 §3 "ContactListItem"; issue 27 item 2). A list may
 * hold up to the plan's numberOfContactsInGroupsCampaigns items (100,000 and more), so every read is a
 * page and every write a bounded transaction.
 *
 *   item         PK = C#<cid>#CLI#<listId>   SK = I#<ulid>     { name, number, email, isWhatsappValid, search }
 *   number lock  PK = C#<cid>#CLI#<listId>   SK = N#<number>   { itemId }   (one item per number per list)
 *   item while its WhatsApp answer is unknown (isWhatsappValid null), also on
 *                GSI1PK = C#<cid>#CLIWACHECK#<number>   GSI1SK = <item id>
 *                (sparse: the answer of a number check finds the items waiting for it, and removes them)
 *
 * An item's id is `<listId>-<ulid>`: GET/PUT/DELETE /contact-list-items/{id} find the item's partition
 * from the id alone, under the caller's company (another company's id finds nothing). Items are read in
 * SK order, their creation order: stable under paging (the campaign engine's `listContactListItemsPage`).
 * Every write moves the list's contactsCount in the same transaction (contact-lists.ts), so the count is
 * exact, and an insert never takes the list past its limit.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { contactsCountMove, normaliseListText } from './contact-lists';
import { tenantPk } from './keys';
import { decodeCursor, encodeCursor } from './paging';
import { batchGet, batchWrite, queryAll, queryPage } from './table-operations';
import { transactWrite, type LabelledItem } from './transactions';

export interface ContactListItemRecord {
  id: string;
  companyId: string;
  contactListId: string;
  name: string;
  /** E.164 digits without '+'. */
  number: string;
  email: string;
  /** null while unknown (no connected default connection, or no answer yet). */
  isWhatsappValid: boolean | null;
  createdAt: string;
  updatedAt: string;
}

/** Transaction label: another item of the list has this number. */
export const ITEM_NUMBER_LABEL = 'contactListItemNumber';
export const ITEM_LABEL = 'contactListItem';

const ID_SEPARATOR = '-';
const itemsPk = (companyId: string, listId: string) => tenantPk(companyId, 'CLI', listId);
const itemSk = (suffix: string) => `I#${suffix}`;
const lockKey = (companyId: string, listId: string, number: string) => ({
  PK: itemsPk(companyId, listId),
  SK: `N#${number}`,
});

/** A new item's id in a list (`<listId>-<ulid>`). */
export const contactListItemId = (listId: string, unique: string) => `${listId}${ID_SEPARATOR}${unique}`;

/** The item's key from its id, or undefined when the id is not an item id. */
function itemKeyOf(companyId: string, id: string): { PK: string; SK: string; listId: string } | undefined {
  const at = id.lastIndexOf(ID_SEPARATOR);
  if (at <= 0 || at === id.length - 1) return undefined;
  const listId = id.slice(0, at);
  return { PK: itemsPk(companyId, listId), SK: itemSk(id.slice(at + 1)), listId };
}

const searchText = (i: Pick<ContactListItemRecord, 'name' | 'number' | 'email'>) =>
  `${normaliseListText(i.name)} ${i.number} ${i.email.toLowerCase()}`;

/** GSI1 of an item whose WhatsApp answer is unknown: where a number check's answer finds it. */
const awaitingCheckPk = (companyId: string, number: string) => tenantPk(companyId, 'CLIWACHECK', number);

const toItem = (i: ContactListItemRecord) => {
  const key = itemKeyOf(i.companyId, i.id)!;
  const awaiting = i.isWhatsappValid === null ? { GSI1PK: awaitingCheckPk(i.companyId, i.number), GSI1SK: i.id } : {};
  return { PK: key.PK, SK: key.SK, ...i, search: searchText(i), ...awaiting };
};

const fromItem = (item: Record<string, unknown>): ContactListItemRecord => ({
  id: String(item.id),
  companyId: String(item.companyId),
  contactListId: String(item.contactListId),
  name: String(item.name),
  number: String(item.number),
  email: String(item.email ?? ''),
  isWhatsappValid: typeof item.isWhatsappValid === 'boolean' ? item.isWhatsappValid : null,
  createdAt: String(item.createdAt),
  updatedAt: String(item.updatedAt ?? item.createdAt),
});

const itemWrites = (i: ContactListItemRecord): LabelledItem[] => [
  {
    label: ITEM_LABEL,
    item: { Put: { TableName: tableName(), Item: toItem(i), ConditionExpression: 'attribute_not_exists(PK)' } },
  },
  {
    label: ITEM_NUMBER_LABEL,
    item: {
      Put: {
        TableName: tableName(),
        Item: { ...lockKey(i.companyId, i.contactListId, i.number), itemId: i.id, companyId: i.companyId },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  },
];

/**
 * Inserts items of one list in one transaction (≤ 49 items: two writes each plus the count), all or
 * nothing: fails with ITEM_NUMBER_LABEL when a number is taken, LIST_LABEL when the list is gone or
 * would pass `limit`.
 */
export async function insertContactListItems(items: ContactListItemRecord[], limit: number): Promise<void> {
  if (!items.length) return;
  const { companyId, contactListId } = items[0]!;
  if (items.some((i) => i.contactListId !== contactListId || i.companyId !== companyId))
    throw new Error('insertContactListItems: one list at a time');
  await transactWrite([...items.flatMap(itemWrites), contactsCountMove(companyId, contactListId, items.length, limit)]);
}
/** The most items `insertContactListItems` takes at once (DynamoDB: 100 actions per transaction). */
export const ITEMS_PER_INSERT = 49;

/** AP-CLI2: one item by id (undefined when it is not this company's). */
export async function getContactListItem(companyId: string, id: string): Promise<ContactListItemRecord | undefined> {
  const key = itemKeyOf(companyId, id);
  if (!key) return undefined;
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: { PK: key.PK, SK: key.SK } }));
  return out.Item ? fromItem(out.Item) : undefined;
}

/** AP-CLI3: which of these numbers the list already holds (number → item id). */
export async function findListNumbers(companyId: string, listId: string, numbers: string[]): Promise<Map<string, string>> {
  if (!numbers.length) return new Map();
  const found = await batchGet(numbers.map((n) => lockKey(companyId, listId, n)));
  return new Map(found.map((f) => [String(f.SK).slice(2), String(f.itemId)]));
}

/**
 * Replaces an item's fields; a new number moves its lock in the same transaction (ITEM_NUMBER_LABEL:
 * taken by another item). ITEM_LABEL: the item is gone or changed meanwhile.
 */
export async function replaceContactListItem(before: ContactListItemRecord, after: ContactListItemRecord): Promise<void> {
  const key = itemKeyOf(before.companyId, before.id)!;
  const writes: LabelledItem[] = [
    {
      label: ITEM_LABEL,
      item: {
        Put: {
          TableName: tableName(),
          Item: toItem(after),
          ConditionExpression: 'attribute_exists(PK) AND updatedAt = :was',
          ExpressionAttributeValues: { ':was': before.updatedAt },
        },
      },
    },
  ];
  if (after.number !== before.number) {
    writes.push(
      { label: ITEM_NUMBER_LABEL, item: itemWrites(after)[1]!.item },
      {
        label: ITEM_LABEL,
        item: { Delete: { TableName: tableName(), Key: lockKey(before.companyId, key.listId, before.number) } },
      },
    );
  }
  await transactWrite(writes);
}

/**
 * AP-CLI4: the items of the company's lists with this number whose WhatsApp answer is unknown. Bounded
 * by design: a list holds a number once, so at most one item per list (the plan's numberOfGroupsCampaigns).
 */
export async function findItemsAwaitingCheck(companyId: string, number: string): Promise<ContactListItemRecord[]> {
  const found = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': awaitingCheckPk(companyId, number) },
  });
  return found.map(fromItem);
}

/**
 * Sets an item's WhatsApp answer, only while it is still waiting for one under the same number (an
 * item edited to another number, given an answer already, or deleted is left alone). Answers whether
 * it changed: a repeated answer changes nothing. `updatedAt` stays: the answer is not an edit.
 */
export async function settleItemWhatsappCheck(item: ContactListItemRecord, valid: boolean): Promise<boolean> {
  const key = itemKeyOf(item.companyId, item.id)!;
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: key.PK, SK: key.SK },
        UpdateExpression: 'SET isWhatsappValid = :valid REMOVE GSI1PK, GSI1SK',
        ConditionExpression: 'GSI1PK = :awaiting',
        ExpressionAttributeValues: { ':valid': valid, ':awaiting': awaitingCheckPk(item.companyId, item.number) },
      }),
    );
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/** Deletes an item, its number lock and one from the list's count. ITEM_LABEL: already gone. */
export async function removeContactListItem(item: ContactListItemRecord): Promise<void> {
  const key = itemKeyOf(item.companyId, item.id)!;
  await transactWrite([
    {
      label: ITEM_LABEL,
      item: {
        Delete: { TableName: tableName(), Key: { PK: key.PK, SK: key.SK }, ConditionExpression: 'attribute_exists(PK)' },
      },
    },
    {
      label: ITEM_NUMBER_LABEL,
      item: { Delete: { TableName: tableName(), Key: lockKey(item.companyId, key.listId, item.number) } },
    },
    // no capacity condition on a decrease; the list may already be gone (then nothing to count)
    { ...contactsCountMove(item.companyId, item.contactListId, -1), label: 'contactListCount' },
  ]);
}

const isItemsCursorOf = (companyId: string, listId: string, key: Record<string, unknown>) =>
  key.PK === itemsPk(companyId, listId) && typeof key.SK === 'string' && key.SK.startsWith('I#');

export class InvalidItemsCursor extends Error {}

/**
 * AP-CLI1: a page of a list's items in creation order, optionally only those whose name, number or
 * e-mail contain `search`. A search reads at most `readBudget` items per call (a page may come back
 * short with a cursor): the request stays O(page) however large the list.
 */
export async function queryContactListItemsPage(
  companyId: string,
  listId: string,
  page: { limit: number; cursor?: string; search?: string; readBudget?: number },
): Promise<{ items: ContactListItemRecord[]; cursor?: string }> {
  const after = decodeCursor(page.cursor);
  if (page.cursor && (!after || !isItemsCursorOf(companyId, listId, after))) throw new InvalidItemsCursor();
  const search = page.search ? normaliseListText(page.search) : '';
  const input = {
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :items)',
    ExpressionAttributeValues: { ':pk': itemsPk(companyId, listId), ':items': 'I#', ...(search ? { ':q': search } : {}) },
    ...(search ? { FilterExpression: 'contains(#search, :q)', ExpressionAttributeNames: { '#search': 'search' } } : {}),
  };
  const items: ContactListItemRecord[] = [];
  let next = after;
  let budget = page.readBudget ?? page.limit * 20;
  do {
    const read = Math.min(page.limit - items.length + (search ? page.limit : 0), budget);
    const out = await queryPage(input, { limit: Math.max(1, read), after: next });
    budget -= read;
    for (const item of out.items) items.push(fromItem(item));
    next = out.next;
    if (items.length >= page.limit) {
      const kept = items.slice(0, page.limit);
      const last = kept[kept.length - 1]!;
      const lastKey = itemKeyOf(companyId, last.id)!;
      return {
        items: kept,
        cursor: items.length > page.limit || next ? encodeCursor({ PK: lastKey.PK, SK: lastKey.SK }) : undefined,
      };
    }
  } while (next && budget > 0);
  return { items, ...(next ? { cursor: encodeCursor(next) } : {}) };
}

/**
 * Every item of a list, page by page, in a stable order (creation), for the campaign sending engine.
 * `cursor` is opaque: pass back what the previous page answered; absent = the last page.
 */
export async function listContactListItemsPage(
  companyId: string,
  contactListId: string,
  opts: { cursor?: string; limit: number },
): Promise<{ items: ContactListItemRecord[]; cursor?: string }> {
  return queryContactListItemsPage(companyId, contactListId, { limit: opts.limit, cursor: opts.cursor });
}

/**
 * Deletes up to `max` items (and their number locks) of a list, for the purge of a deleted list.
 * Answers whether items remain.
 */
export async function purgeContactListItems(companyId: string, listId: string, max: number): Promise<boolean> {
  let after: Record<string, unknown> | undefined;
  let deleted = 0;
  do {
    const out = await queryPage(
      { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': itemsPk(companyId, listId) } },
      { limit: Math.min(500, max - deleted), after },
    );
    await batchWrite(out.items.map((i) => ({ DeleteRequest: { Key: { PK: i.PK, SK: i.SK } } })));
    deleted += out.items.length;
    after = out.next;
  } while (after && deleted < max);
  return !!after;
}
