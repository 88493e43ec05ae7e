/**
 * BatchWriteItem / BatchGetItem over any number of items: chunks of 25 / 100, unprocessed items
 * retried with exponential backoff. Entity modules build the keys; this only moves them.
 */
import { BatchGetCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';

type Key = Record<string, unknown>;
export type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Key } };

const backoff = (attempt: number) => new Promise((res) => setTimeout(res, 25 * 2 ** Math.min(attempt, 6)));

/** Writes every request; chunks run `parallel` at a time (the bench generator uses more). */
export async function batchWriteAll(requests: WriteRequest[], parallel = 4): Promise<void> {
  const chunks: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += 25) chunks.push(requests.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      let pending = chunks[next++]!;
      for (let attempt = 0; pending.length; attempt++) {
        const out = await ddb().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending as never } }));
        pending = (out.UnprocessedItems?.[tableName()] ?? []) as WriteRequest[];
        if (pending.length) await backoff(attempt);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, chunks.length) }, worker));
}

/** Reads every key (duplicates collapsed); the answer is in no particular order. */
export async function batchGetAll(
  keys: Key[],
  projection?: { expression: string; names?: Record<string, string> },
  options: { consistentRead?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const unique = [...new Map(keys.map((k) => [`${k.PK}\u0000${k.SK}`, k])).values()];
  const items: Record<string, unknown>[] = [];
  const chunks: Key[][] = [];
  for (let i = 0; i < unique.length; i += 100) chunks.push(unique.slice(i, i + 100));
  await Promise.all(
    chunks.map(async (chunk) => {
      let pending = chunk;
      for (let attempt = 0; pending.length; attempt++) {
        const out = await ddb().send(
          new BatchGetCommand({
            RequestItems: {
              [tableName()]: {
                Keys: pending,
                ...(projection
                  ? { ProjectionExpression: projection.expression, ExpressionAttributeNames: projection.names }
                  : {}),
                ...(options.consistentRead ? { ConsistentRead: true } : {}),
              },
            },
          }),
        );
        items.push(...(out.Responses?.[tableName()] ?? []));
        pending = (out.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Key[];
        if (pending.length) await backoff(attempt);
      }
    }),
  );
  return items;
}
