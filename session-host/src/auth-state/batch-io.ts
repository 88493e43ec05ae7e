/**
 * The auth state's batch reads and writes in one partition, by sort key: thin adapters over the
 * functions' data helpers (chunking to 100 reads / 25 writes and retrying unprocessed items with
 * bounded backoff), reached through `@atende/functions/shared-surface`; and the fenced writes of
 * items only the lease holder may change (`fencedWrite`).
 */
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
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

/** The item whose `owner` must still be `owner` for a fenced write to land (the connection's `creds`). */
export interface WriteFence {
  pk: string;
  sk: string;
  owner: string;
}

/** TransactWriteItems takes 100 actions; one is the fence's ConditionCheck. */
const FENCED_CHUNK = 99;

/** Raised when the fence's condition failed: another holder owns the lease; nothing of that chunk was written. */
export class FenceLostError extends Error {
  constructor(pk: string) {
    super(`lease on ${pk} is held by another writer`);
    this.name = 'FenceLostError';
  }
}

/**
 * Puts and deletes that land only while `fence` holds: each chunk is one transaction whose first
 * action checks `owner` on the fence item (absent item: nobody has taken a lease yet, the write
 * lands). A zombie host's writes therefore fail atomically the moment another host takes the lease,
 * instead of after a periodic check. Costs twice the write units of BatchWriteItem (transactions).
 */
export async function fencedWrite(
  ddb: DynamoDBDocumentClient,
  tableName: string,
  requests: WriteRequest[],
  fence: WriteFence,
): Promise<void> {
  for (let start = 0; start < requests.length; start += FENCED_CHUNK) {
    const chunk = requests.slice(start, start + FENCED_CHUNK);
    try {
      await ddb.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: tableName,
                Key: { PK: fence.pk, SK: fence.sk },
                ConditionExpression: 'attribute_not_exists(PK) OR #owner = :me',
                ExpressionAttributeNames: { '#owner': 'owner' },
                ExpressionAttributeValues: { ':me': fence.owner },
              },
            },
            ...chunk.map((request) =>
              'PutRequest' in request
                ? { Put: { TableName: tableName, Item: request.PutRequest.Item } }
                : { Delete: { TableName: tableName, Key: request.DeleteRequest.Key } },
            ),
          ],
        }),
      );
    } catch (err) {
      const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
      if (reasons?.[0]?.Code === 'ConditionalCheckFailed') throw new FenceLostError(fence.pk);
      throw err;
    }
  }
}
