/**
 * BatchGetItem / BatchWriteItem in the chunk sizes DynamoDB allows (100 reads, 25 writes), retrying
 * unprocessed items with exponential backoff.
 */
import { BatchGetCommand, BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

const BATCH_GET_LIMIT = 100;
const BATCH_WRITE_LIMIT = 25;
const MAX_BATCH_RETRIES = 8;

export type ItemKey = { PK: string; SK: string };
export type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: ItemKey } };

const chunks = <T>(items: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The items found, by SK (one partition). */
export async function batchGet(
  ddb: DynamoDBDocumentClient, tableName: string, pk: string, sortKeys: string[], projection: string[],
): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  const names = Object.fromEntries(projection.map((name, i) => [`#p${i}`, name]));
  for (const chunk of chunks(sortKeys, BATCH_GET_LIMIT)) {
    let keys: ItemKey[] = chunk.map((SK) => ({ PK: pk, SK }));
    for (let attempt = 0; keys.length > 0; attempt++) {
      if (attempt > MAX_BATCH_RETRIES) throw new Error(`BatchGetItem left ${keys.length} keys unprocessed`);
      if (attempt > 0) await pause(50 * 2 ** attempt);
      const out = await ddb.send(new BatchGetCommand({
        RequestItems: { [tableName]: { Keys: keys, ConsistentRead: true, ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names } },
      }));
      for (const item of out.Responses?.[tableName] ?? []) found.set(item.SK as string, item);
      keys = (out.UnprocessedKeys?.[tableName]?.Keys as ItemKey[] | undefined) ?? [];
    }
  }
  return found;
}

export async function batchWrite(ddb: DynamoDBDocumentClient, tableName: string, requests: WriteRequest[]): Promise<void> {
  for (const chunk of chunks(requests, BATCH_WRITE_LIMIT)) {
    let pending = chunk;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > MAX_BATCH_RETRIES) throw new Error(`BatchWriteItem left ${pending.length} writes unprocessed`);
      if (attempt > 0) await pause(50 * 2 ** attempt);
      const out = await ddb.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      pending = (out.UnprocessedItems?.[tableName] as WriteRequest[] | undefined) ?? [];
    }
  }
}
