/**
 * Tags (spec part 1 §3 "Tag"). A company has tens of tags: the list is one Query.
 *
 *   tag  PK = C#<cid>#TAG   SK = <tagId>   { name, color }
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TagDto } from '@atende/shared';
import { batchGetAll } from './batch';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';
import { queryWholePartition } from './partition';

export interface TagRecord extends TagDto {
  companyId: string;
  createdAt: string;
}

const tagKey = (companyId: string, id: string) => ({ PK: tenantPk(companyId, 'TAG'), SK: id });
const fromItem = (item: Record<string, unknown>): TagRecord => ({
  id: String(item.SK),
  companyId: String(item.companyId),
  name: String(item.name),
  color: String(item.color),
  createdAt: String(item.createdAt),
});

export async function insertTag(tag: TagRecord): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...tagKey(tag.companyId, tag.id), ...tag },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/** AP-TG1: every tag of a company. */
export async function listTags(companyId: string): Promise<TagRecord[]> {
  return (await queryWholePartition(tenantPk(companyId, 'TAG'))).map(fromItem);
}

/** AP-TG2: tags by id (unknown ids skipped). */
export async function getTags(companyId: string, ids: string[]): Promise<TagRecord[]> {
  if (!ids.length) return [];
  return (await batchGetAll(ids.map((id) => tagKey(companyId, id)))).map(fromItem);
}
