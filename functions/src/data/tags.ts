/**
 * Tags (spec part 1 §3, part 3 §3 "Tag"). A company has tens of tags, not thousands.
 *
 *   tag  PK = C#<cid>#TAG   SK = <tagId>   { name, color, ticketsCount }
 *        GSI1PK = C#<cid>#TAGNAME   GSI1SK = <normalised name>#<tagId>   (the Tags page by name, AP-TG3)
 *
 * `ticketsCount` is a counter moved (`ADD`) in the same transaction that changes a ticket's tag set
 * (`tagCountMoves`), never computed by reading tickets. The move is conditional on the tag still
 * existing, so a deleted tag is never re-created by a late count.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';
import { batchGet, partitionQuery, queryAll, updateExisting } from './table-operations';
import { queryByNamePage } from './by-name-pages';
import { type LabelledItem, writeIfCondition } from './transactions';

export interface TagRecord {
  id: string;
  companyId: string;
  name: string;
  color: string;
  ticketsCount: number;
  createdAt: string;
  updatedAt?: string;
}

/** Label of a tag-count move whose tag is gone (deleted meanwhile): the caller re-reads and retries. */
export const TAG_COUNT_LABEL = 'tagCount';

const tagKey = (companyId: string, id: string) => ({ PK: tenantPk(companyId, 'TAG'), SK: id });
const byNamePk = (companyId: string) => tenantPk(companyId, 'TAGNAME');
/** Accent- and case-free name: the page's order and what a search matches. */
export const normaliseTagName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
const nameIndex = (t: Pick<TagRecord, 'companyId' | 'id' | 'name'>) => ({
  GSI1PK: byNamePk(t.companyId),
  GSI1SK: `${normaliseTagName(t.name)}#${t.id}`,
  search: normaliseTagName(t.name),
});

const fromItem = (item: Record<string, unknown>): TagRecord => ({
  id: String(item.SK),
  companyId: String(item.companyId),
  name: String(item.name),
  color: String(item.color),
  ticketsCount: Math.max(0, Number(item.ticketsCount ?? 0)),
  createdAt: String(item.createdAt),
  ...(item.updatedAt ? { updatedAt: String(item.updatedAt) } : {}),
});

export async function insertTag(tag: Omit<TagRecord, 'ticketsCount'> & { ticketsCount?: number }): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...tagKey(tag.companyId, tag.id), ...nameIndex(tag), ...tag, ticketsCount: tag.ticketsCount ?? 0 },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/** Name and colour; the count is left as it is. Undefined when the tag does not exist. */
export async function updateTag(
  companyId: string,
  id: string,
  change: { name: string; color: string; updatedAt: string },
): Promise<TagRecord | undefined> {
  const item = await updateExisting(tagKey(companyId, id), {
    ...change,
    ...nameIndex({ companyId, id, name: change.name }),
  });
  return item && fromItem(item);
}

/** Deletes the tag; false when there was none. Tickets keep the id (their DTOs skip unknown tags). */
export async function deleteTag(companyId: string, id: string): Promise<boolean> {
  return writeIfCondition(() =>
    ddb().send(
      new DeleteCommand({ TableName: tableName(), Key: tagKey(companyId, id), ConditionExpression: 'attribute_exists(PK)' }),
    ),
  );
}

/** AP-TG1: every tag of a company. */
export async function listTags(companyId: string): Promise<TagRecord[]> {
  return (await queryAll(partitionQuery({ attribute: 'PK', value: tenantPk(companyId, 'TAG') }))).map(fromItem);
}

/** AP-TG2: tags by id (unknown ids skipped). */
export async function getTags(companyId: string, ids: string[]): Promise<TagRecord[]> {
  if (!ids.length) return [];
  return (await batchGet(ids.map((id) => tagKey(companyId, id)))).map(fromItem);
}

/**
 * AP-TG3: a page of a company's tags by name, optionally only those whose name contains `search`
 * (normalised). Reads on until the page is full (a filter may leave DynamoDB's pages short); bounded
 * by the company's tags.
 */
export async function queryTagsPage(
  companyId: string,
  page: { limit: number; after?: Record<string, unknown>; search?: string },
): Promise<{ tags: TagRecord[]; next?: Record<string, unknown> }> {
  const search = page.search ? normaliseTagName(page.search) : '';
  const { records, next } = await queryByNamePage(
    byNamePk(companyId),
    { limit: page.limit, after: page.after, search },
    fromItem,
    (last) => ({ PK: tagKey(companyId, last.id).PK, SK: last.id, ...nameIndexKeys(companyId, last) }),
  );
  return { tags: records, ...(next ? { next } : {}) };
}
/** Whether a page cursor (a client's) is a position in this company's tags by name. */
export const isTagsCursorOf = (companyId: string, key: Record<string, unknown>) =>
  key.PK === tenantPk(companyId, 'TAG') && key.GSI1PK === byNamePk(companyId);

const nameIndexKeys = (companyId: string, t: TagRecord) => {
  const { GSI1PK, GSI1SK } = nameIndex({ companyId, id: t.id, name: t.name });
  return { GSI1PK, GSI1SK };
};

/**
 * Count moves for a ticket whose tags go from `before` to `after`: −1 for each tag it loses, +1 for
 * each it gains. Only tags in `live` (that still exist) are moved: a count on a deleted tag would
 * re-create it as an empty item.
 */
export function tagCountMoves(
  companyId: string,
  before: readonly string[],
  after: readonly string[],
  live: ReadonlySet<string>,
): LabelledItem[] {
  const was = new Set(before);
  const now = new Set(after);
  const deltas = [
    ...[...was].filter((id) => !now.has(id)).map((id) => [id, -1] as const),
    ...[...now].filter((id) => !was.has(id)).map((id) => [id, 1] as const),
  ].filter(([id]) => live.has(id));
  return deltas.map(([id, d]) => ({
    label: TAG_COUNT_LABEL,
    item: {
      Update: {
        TableName: tableName(),
        Key: tagKey(companyId, id),
        UpdateExpression: 'ADD ticketsCount :d',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':d': d },
      },
    },
  }));
}
