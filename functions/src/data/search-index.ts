/**
 * Prefix search indexes maintained on write (docs/data-model.md, "Search"): one item per
 * (token, owner), in a partition per token prefix, so a search is one Query whatever the company's
 * size, and re-indexing the same token for the same owner is an idempotent Put.
 *
 *   ticket index   PK = C#<cid>#TIX#<first 3 chars>   SK = <token>#<ticketId>    { ownerId }
 *   contact index  PK = C#<cid>#CIX#<first 3 chars>   SK = <token>#<contactId>   { ownerId }
 *   schedule index PK = C#<cid>#SIX#<first 3 chars>   SK = <token>#<scheduleId>  { ownerId }
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchWriteAll, type WriteRequest } from './batch';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';
import { bucketOf } from './search-tokens';

export type SearchIndexKind = 'TIX' | 'CIX' | 'SIX';

const indexKey = (kind: SearchIndexKind, companyId: string, token: string, ownerId: string) => ({
  PK: tenantPk(companyId, kind, bucketOf(token)),
  SK: `${token}#${ownerId}`,
});

/** Puts one item per token (writes: one per token; ≤ 25 per BatchWriteItem call). */
export async function indexTokens(
  kind: SearchIndexKind,
  companyId: string,
  ownerId: string,
  tokens: string[],
): Promise<void> {
  if (!tokens.length) return;
  await batchWriteAll(
    tokens.map((token) => ({ PutRequest: { Item: { ...indexKey(kind, companyId, token, ownerId), ownerId } } })),
  );
}

export async function unindexTokens(
  kind: SearchIndexKind,
  companyId: string,
  ownerId: string,
  tokens: string[],
): Promise<void> {
  if (!tokens.length) return;
  await batchWriteAll(
    tokens.map((token): WriteRequest => ({ DeleteRequest: { Key: indexKey(kind, companyId, token, ownerId) } })),
  );
}

/** The index items, for bulk loading (bench generator). */
export const indexItems = (kind: SearchIndexKind, companyId: string, ownerId: string, tokens: string[]) =>
  tokens.map((token) => ({ ...indexKey(kind, companyId, token, ownerId), ownerId }));

export interface IndexPage {
  ownerIds: { ownerId: string; key: Record<string, unknown> }[];
  next?: Record<string, unknown>;
}

/**
 * AP-TX1 / AP-CX1 / AP-SX1: owners having a token that starts with `term`, newest owner first among equal
 * tokens (ULID ids sort by creation). `after` continues from an item's key.
 */
export async function queryIndex(
  kind: SearchIndexKind,
  companyId: string,
  term: string,
  page: { after?: Record<string, unknown>; limit: number },
): Promise<IndexPage> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :term)',
      ExpressionAttributeValues: { ':pk': tenantPk(companyId, kind, bucketOf(term)), ':term': term },
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: page.after,
    }),
  );
  return {
    ownerIds: (out.Items ?? []).map((item) => ({ ownerId: String(item.ownerId), key: { PK: item.PK, SK: item.SK } })),
    next: out.LastEvaluatedKey,
  };
}

/** Whether a cursor key belongs to this company's index of `kind` (a forged cursor is refused). */
export const isIndexKeyOf = (kind: SearchIndexKind, companyId: string, key: Record<string, unknown>) =>
  typeof key.PK === 'string' &&
  key.PK.startsWith(tenantPk(companyId, kind) + '#') &&
  typeof key.SK === 'string' &&
  Object.keys(key).length === 2;
