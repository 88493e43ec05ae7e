/**
 * The data layer's few DynamoDB operations that every entity module would otherwise re-write:
 * paging through a Query, batch reads and writes that retry what DynamoDB leaves unprocessed
 * (throttling, the 16 MB / 100-key / 25-write limits), and SET/REMOVE update expressions.
 * Entity modules still build their own keys and name their access pattern at each call.
 * Every helper takes an optional `TableRef`, so the session host (own client, own table name) uses
 * the same code through `@atende/functions/shared-surface`. The one place that sends raw
 * BatchGetItem / BatchWriteItem and pages with `ExclusiveStartKey` (eslint.config.js enforces it).
 */
import {
  BatchGetCommand,
  BatchWriteCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { isConditionFailed } from './transactions';

export type Item = Record<string, unknown>;

/** The table and the client to reach it: Lambdas use the process-wide ones, the session host passes its own. */
export interface TableRef {
  ddb: DynamoDBDocumentClient;
  tableName: string;
}

export const processTable = (): TableRef => ({ ddb: ddb(), tableName: tableName() });

export type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/** Each page of a Query in turn, starting after `after`; stop iterating to stop reading. */
export async function* queryPages(
  input: QueryInput,
  after?: Item,
  table: TableRef = processTable(),
): AsyncGenerator<{ items: Item[]; next?: Item }> {
  let startKey = after;
  do {
    const out = await table.ddb.send(
      new QueryCommand({ ...input, TableName: table.tableName, ExclusiveStartKey: startKey }),
    );
    startKey = out.LastEvaluatedKey;
    yield { items: out.Items ?? [], next: startKey };
  } while (startKey);
}

/**
 * Every item the Query matches, all pages. Only for partitions bounded by design (a plan limit, a
 * shard's sessions, a company's settings): say the bound at the call. Request paths page instead.
 */
export async function queryAll(input: QueryInput, table: TableRef = processTable()): Promise<Item[]> {
  const items: Item[] = [];
  for await (const page of queryPages(input, undefined, table)) items.push(...page.items);
  return items;
}

/**
 * A Query over one partition of the table or of an index, optionally keeping only the items whose
 * attributes equal `where` (a filter: pages may come back short, `next` still says where to go on).
 */
export function partitionQuery(
  key: { attribute: string; value: string; index?: string },
  options: { newestFirst?: boolean; where?: Record<string, unknown> } = {},
): QueryInput {
  const where = Object.entries(options.where ?? {});
  return {
    ...(key.index ? { IndexName: key.index } : {}),
    KeyConditionExpression: '#pk = :pk',
    ScanIndexForward: !options.newestFirst,
    ExpressionAttributeNames: { '#pk': key.attribute, ...Object.fromEntries(where.map(([name], i) => [`#w${i}`, name])) },
    ExpressionAttributeValues: { ':pk': key.value, ...Object.fromEntries(where.map(([, value], i) => [`:w${i}`, value])) },
    ...(where.length ? { FilterExpression: where.map((_, i) => `#w${i} = :w${i}`).join(' AND ') } : {}),
  };
}

/** One page of up to `limit` items after `after`; `next` is where the following page starts. */
export async function queryPage(
  input: QueryInput,
  page: { limit: number; after?: Item },
  table: TableRef = processTable(),
): Promise<{ items: Item[]; next?: Item }> {
  const out = await table.ddb.send(
    new QueryCommand({
      ...input,
      TableName: table.tableName,
      Limit: page.limit,
      ExclusiveStartKey: page.after,
    }),
  );
  return { items: out.Items ?? [], next: out.LastEvaluatedKey };
}

/**
 * Retries of unprocessed keys/items: at most `attempts` calls per chunk, waiting before each retry
 * with exponential backoff and full jitter (`retryDelayMs`), then give up loudly. Chunks of one call
 * run up to `parallel` at a time.
 */
export const BATCH_RETRY = { attempts: 8, baseMs: 25, maxMs: 2_000, parallel: 4 };

export class UnprocessedItemsError extends Error {
  constructor(
    operation: 'BatchGetItem' | 'BatchWriteItem',
    readonly remaining: number,
  ) {
    super(`${operation} left ${remaining} request(s) unprocessed after ${BATCH_RETRY.attempts} attempts`);
    this.name = 'UnprocessedItemsError';
  }
}

/** The wait before retry number `attempt` (1, 2, …): uniform in [0, min(maxMs, baseMs · 2^attempt)). */
export const retryDelayMs = (attempt: number, random: () => number = Math.random): number =>
  random() * Math.min(BATCH_RETRY.maxMs, BATCH_RETRY.baseMs * 2 ** attempt);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `requests`, then what each answer left unprocessed, for at most BATCH_RETRY.attempts calls. */
async function untilProcessed<T>(
  operation: 'BatchGetItem' | 'BatchWriteItem',
  requests: T[],
  send: (pending: T[]) => Promise<T[]>,
): Promise<void> {
  let pending = requests;
  for (let attempt = 0; pending.length; attempt++) {
    if (attempt >= BATCH_RETRY.attempts) throw new UnprocessedItemsError(operation, pending.length);
    if (attempt > 0) await pause(retryDelayMs(attempt));
    pending = await send(pending);
  }
}

/** `work` over every chunk of `size`, at most `parallel` chunks at a time. */
async function inChunks<T>(list: T[], size: number, parallel: number, work: (chunk: T[]) => Promise<void>) {
  const chunks = Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) await work(chunks[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, parallel), chunks.length) }, worker));
}

const keyId = (key: Item) => `${String(key.PK)}\u0000${String(key.SK)}`;

export interface BatchGetOptions {
  projection?: string;
  names?: Record<string, string>;
  consistentRead?: boolean;
  /** Chunks of 100 keys in flight at once (default BATCH_RETRY.parallel). */
  parallel?: number;
}

/**
 * Items by key (any number, 100 per call, duplicates asked once), retrying unprocessed keys.
 * Missing keys are skipped; order is not kept.
 */
export async function batchGet(
  keys: Item[],
  options: BatchGetOptions = {},
  table: TableRef = processTable(),
): Promise<Item[]> {
  const found: Item[] = [];
  const unique = [...new Map(keys.map((key) => [keyId(key), key])).values()];
  await inChunks(unique, 100, options.parallel ?? BATCH_RETRY.parallel, (chunk) =>
    untilProcessed('BatchGetItem', chunk, async (pending) => {
      const out = await table.ddb.send(
        new BatchGetCommand({
          RequestItems: {
            [table.tableName]: {
              Keys: pending,
              ...(options.projection ? { ProjectionExpression: options.projection } : {}),
              ...(options.names ? { ExpressionAttributeNames: options.names } : {}),
              ...(options.consistentRead ? { ConsistentRead: true } : {}),
            },
          },
        }),
      );
      found.push(...(out.Responses?.[table.tableName] ?? []));
      return (out.UnprocessedKeys?.[table.tableName]?.Keys ?? []) as Item[];
    }),
  );
  return found;
}

export type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Item } };

/**
 * Puts and deletes (any number, 25 per call, `parallel` calls at once: no order among them),
 * retrying unprocessed items. Not atomic: use a transaction for that.
 */
export async function batchWrite(
  requests: WriteRequest[],
  table: TableRef = processTable(),
  options: { parallel?: number } = {},
): Promise<void> {
  await inChunks(requests, 25, options.parallel ?? BATCH_RETRY.parallel, (chunk) =>
    untilProcessed('BatchWriteItem', chunk, async (pending) => {
      const out = await table.ddb.send(new BatchWriteCommand({ RequestItems: { [table.tableName]: pending } }));
      return (out.UnprocessedItems?.[table.tableName] ?? []) as WriteRequest[];
    }),
  );
}

export interface UpdateParts {
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues?: Item;
}

/**
 * `SET #u0 = :u0, … REMOVE #u1` for a patch: every defined value in `set` is set (undefined ones are
 * left alone) and every attribute in `remove` removed. Names and values are placeholders, so reserved
 * words (`name`, `status`) need no care; spread the parts into an Update and add a condition's own
 * names and values next to them.
 */
export function updateExpression(set: Item, remove: string[] = []): UpdateParts {
  const names: Record<string, string> = {};
  const values: Item = {};
  const sets: string[] = [];
  const removes: string[] = [];
  let n = 0;
  for (const [attribute, value] of Object.entries(set)) {
    if (value === undefined) continue;
    names[`#u${n}`] = attribute;
    values[`:u${n}`] = value;
    sets.push(`#u${n} = :u${n}`);
    n++;
  }
  for (const attribute of remove) {
    names[`#u${n}`] = attribute;
    removes.push(`#u${n}`);
    n++;
  }
  if (!n) throw new Error('updateExpression: nothing to update');
  const clauses = [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''];
  return {
    UpdateExpression: clauses.filter(Boolean).join(' '),
    ExpressionAttributeNames: names,
    ...(sets.length ? { ExpressionAttributeValues: values } : {}),
  };
}

/** Sets `set` on an item that exists and answers it whole; undefined when there is no such item. */
export async function updateExisting(key: Item, set: Item, table: TableRef = processTable()): Promise<Item | undefined> {
  try {
    const out = await table.ddb.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: key,
        ...updateExpression(set),
        ConditionExpression: 'attribute_exists(PK)',
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes;
  } catch (err) {
    if (isConditionFailed(err)) return undefined;
    throw err;
  }
}
