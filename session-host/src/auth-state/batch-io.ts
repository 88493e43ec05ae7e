/**
 * The auth state's batch reads and writes in one partition, by sort key: thin adapters over the
 * functions' data helpers (chunking to 100 reads / 25 writes and retrying unprocessed items with
 * bounded backoff), reached through `@atende/functions/shared-surface`.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGet as getItems, batchWrite as writeItems, type WriteRequest } from '@atende/functions/shared-surface';

export type { WriteRequest };

/** The items found, by SK (one partition), read consistently. */
export async function batchGet(
  ddb: DynamoDBDocumentClient,
  tableName: string,
  pk: string,
  sortKeys: string[],
  projection: string[],
): Promise<Map<string, Record<string, unknown>>> {
  const names = Object.fromEntries(projection.map((name, i) => [`#p${i}`, name]));
  const items = await getItems(
    sortKeys.map((SK) => ({ PK: pk, SK })),
    { consistentRead: true, projection: Object.keys(names).join(', '), names },
    { ddb, tableName },
  );
  return new Map(items.map((item) => [item.SK as string, item]));
}

export const batchWrite = (ddb: DynamoDBDocumentClient, tableName: string, requests: WriteRequest[]): Promise<void> =>
  writeItems(requests, { ddb, tableName });
