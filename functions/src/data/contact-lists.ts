/**
 * Campaign contact lists (spec part 3 §3 "ContactList"; issue 27 item 2). A company has at most its
 * plan's numberOfGroupsCampaigns lists (a handful), so every list query is bounded by that.
 *
 *   list     PK = C#<cid>#CLIST        SK = <listId>   { name, contactsCount, search }
 *            GSI1PK = C#<cid>#CLISTNAME   GSI1SK = <normalised name>#<listId>   (the page by name, AP-CL2)
 *   counter  PK = C#<cid>#CLISTCOUNT   SK = -          { listsCount }   (the plan limit, race-free)
 *
 * `contactsCount` is moved (`ADD`) in the same transaction that writes or deletes items
 * (contact-list-items.ts), conditional on the list's capacity, so it is exact and never over the limit.
 * A list and its counter change together: two concurrent creates cannot pass the limit.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';
import { partitionQuery, queryAll, updateExisting } from './table-operations';
import { queryByNamePage } from './by-name-pages';
import { transactWrite, type LabelledItem } from './transactions';

export interface ContactListRecord {
  id: string;
  companyId: string;
  name: string;
  contactsCount: number;
  createdAt: string;
  updatedAt: string;
}

/** Transaction labels: the company already has its limit of lists; the list is gone. */
export const LIST_LIMIT_LABEL = 'contactListLimit';
export const LIST_LABEL = 'contactList';

export const contactListKey = (companyId: string, id: string) => ({ PK: tenantPk(companyId, 'CLIST'), SK: id });
const counterKey = (companyId: string) => ({ PK: tenantPk(companyId, 'CLISTCOUNT'), SK: '-' });
const byNamePk = (companyId: string) => tenantPk(companyId, 'CLISTNAME');

/** Accent- and case-free text: the page's order and what a search matches. */
export const normaliseListText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
const nameIndex = (companyId: string, id: string, name: string) => ({
  GSI1PK: byNamePk(companyId),
  GSI1SK: `${normaliseListText(name)}#${id}`,
  search: normaliseListText(name),
});

const fromItem = (item: Record<string, unknown>): ContactListRecord => ({
  id: String(item.SK),
  companyId: String(item.companyId),
  name: String(item.name),
  contactsCount: Math.max(0, Number(item.contactsCount ?? 0)),
  createdAt: String(item.createdAt),
  updatedAt: String(item.updatedAt ?? item.createdAt),
});

/**
 * Creates the list if the company has fewer than `maxLists`; throws TransactionConditionFailed with
 * LIST_LIMIT_LABEL otherwise.
 */
export async function insertContactList(list: Omit<ContactListRecord, 'contactsCount'>, maxLists: number): Promise<void> {
  await transactWrite([
    {
      label: LIST_LIMIT_LABEL,
      item: {
        Update: {
          TableName: tableName(),
          Key: counterKey(list.companyId),
          UpdateExpression: 'ADD listsCount :one SET companyId = :cid',
          ConditionExpression: 'attribute_not_exists(listsCount) OR listsCount < :max',
          ExpressionAttributeValues: { ':one': 1, ':max': maxLists, ':cid': list.companyId },
        },
      },
    },
    {
      label: LIST_LABEL,
      item: {
        Put: {
          TableName: tableName(),
          Item: {
            ...contactListKey(list.companyId, list.id),
            ...nameIndex(list.companyId, list.id, list.name),
            ...list,
            contactsCount: 0,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
  ]);
}

/** AP-CL1: one list (undefined when it is not this company's). */
export async function getContactList(companyId: string, id: string): Promise<ContactListRecord | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: contactListKey(companyId, id) }));
  return out.Item ? fromItem(out.Item) : undefined;
}

/** How many lists the company has (the counter kept with every create and delete). */
export async function countContactLists(companyId: string): Promise<number> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: counterKey(companyId) }));
  return Math.max(0, Number(out.Item?.listsCount ?? 0));
}

/** Renames the list; undefined when it does not exist. */
export async function renameContactList(
  companyId: string,
  id: string,
  change: { name: string; updatedAt: string },
): Promise<ContactListRecord | undefined> {
  const item = await updateExisting(contactListKey(companyId, id), { ...change, ...nameIndex(companyId, id, change.name) });
  return item && fromItem(item);
}

/** The list's record and the company's counter go together; `extra` joins the same transaction (the purge job). */
export async function deleteContactListRecord(companyId: string, id: string, extra: LabelledItem[] = []): Promise<void> {
  await transactWrite([
    {
      label: LIST_LABEL,
      item: {
        Delete: { TableName: tableName(), Key: contactListKey(companyId, id), ConditionExpression: 'attribute_exists(PK)' },
      },
    },
    {
      label: LIST_LIMIT_LABEL,
      item: {
        Update: {
          TableName: tableName(),
          Key: counterKey(companyId),
          UpdateExpression: 'ADD listsCount :minus',
          ExpressionAttributeValues: { ':minus': -1 },
        },
      },
    },
    ...extra,
  ]);
}

/** AP-CL3: every list of the company (bounded by the plan's numberOfGroupsCampaigns). */
export async function listAllContactLists(companyId: string): Promise<ContactListRecord[]> {
  return (await queryAll(partitionQuery({ attribute: 'PK', value: tenantPk(companyId, 'CLIST') }))).map(fromItem);
}

/**
 * AP-CL2: a page of the company's lists by name, optionally only those whose name contains `search`
 * (normalised). Reads on until the page is full; bounded by the company's lists.
 */
export async function queryContactListsPage(
  companyId: string,
  page: { limit: number; after?: Record<string, unknown>; search?: string },
): Promise<{ lists: ContactListRecord[]; next?: Record<string, unknown> }> {
  const search = page.search ? normaliseListText(page.search) : '';
  const { records, next } = await queryByNamePage(
    byNamePk(companyId),
    { limit: page.limit, after: page.after, search },
    fromItem,
    (last) => {
      const { GSI1PK, GSI1SK } = nameIndex(companyId, last.id, last.name);
      return { ...contactListKey(companyId, last.id), GSI1PK, GSI1SK };
    },
  );
  return { lists: records, ...(next ? { next } : {}) };
}

/** Whether a page cursor (a client's) is a position in this company's lists by name. */
export const isContactListsCursorOf = (companyId: string, key: Record<string, unknown>) =>
  key.PK === tenantPk(companyId, 'CLIST') && key.GSI1PK === byNamePk(companyId);

/**
 * The list-count move of items written or deleted: `+n` only while the list keeps at most `limit`
 * items after it (condition `contactsCount <= limit - n`), and only while the list exists (a deleted
 * list is never re-created by a late count). Fails with LIST_LABEL.
 */
export function contactsCountMove(companyId: string, listId: string, n: number, limit?: number): LabelledItem {
  const capped = n > 0 && limit !== undefined;
  return {
    label: LIST_LABEL,
    item: {
      Update: {
        TableName: tableName(),
        Key: contactListKey(companyId, listId),
        UpdateExpression: 'ADD contactsCount :n SET updatedAt = :at',
        ConditionExpression: capped
          ? 'attribute_exists(PK) AND (attribute_not_exists(contactsCount) OR contactsCount <= :room)'
          : 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':n': n, ':at': new Date().toISOString(), ...(capped ? { ':room': limit - n } : {}) },
      },
    },
  };
}
