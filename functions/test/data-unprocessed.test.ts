/**
 * DynamoDB may leave part of a batch unprocessed (throttling, size limits) and answers 200 anyway.
 * A middleware on the process's document client makes the first BatchWriteItem / BatchGetItem of
 * each test come back with every request unprocessed and nothing done, as DynamoDB would under
 * throttling; the data modules must retry until the writes land and the reads are complete.
 * Against DynamoDB Local.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { ddb, tableName } from '../src/data/client';
import { getShardLoads } from '../src/data/connections';
import { getContacts } from '../src/data/contacts';
import { indexTokens } from '../src/data/search-index';
import { putSettings, listSettings } from '../src/data/settings';
import { batchWrite, BATCH_RETRY, UnprocessedItemsError } from '../src/data/table-operations';
import { useFreshTable } from './support/fresh-table';

const MIDDLEWARE = 'test-unprocessed';
let refusals = 0;
let calls: string[] = [];

/** The next `n` batch calls answer "all unprocessed" without touching the table. */
function refuseNextBatches(n: number) {
  refusals = n;
  calls = [];
  ddb().middlewareStack.remove(MIDDLEWARE);
  ddb().middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName;
      if (command !== 'BatchWriteItemCommand' && command !== 'BatchGetItemCommand') return next(args);
      calls.push(command);
      if (refusals <= 0) return next(args);
      refusals--;
      const input = args.input as { RequestItems: Record<string, unknown> };
      const output =
        command === 'BatchWriteItemCommand'
          ? { UnprocessedItems: input.RequestItems, $metadata: {} }
          : { Responses: {}, UnprocessedKeys: input.RequestItems, $metadata: {} };
      return { output, response: {} } as never;
    },
    { step: 'initialize', name: MIDDLEWARE },
  );
}

beforeAll(async () => {
  await useFreshTable();
});

afterEach(() => {
  refusals = 0;
  ddb().middlewareStack.remove(MIDDLEWARE);
});

describe('unprocessed batch items are retried, never dropped', () => {
  it('getShardLoads reads every shard although the first BatchGetItem returned nothing', async () => {
    const shard = 3;
    await ddb().send(new PutCommand({ TableName: tableName(), Item: { PK: 'P#SHARDLOAD', SK: String(shard), count: 7 } }));
    refuseNextBatches(1);
    const loads = await getShardLoads(shard + 1);
    expect(calls).toEqual(['BatchGetItemCommand', 'BatchGetItemCommand']);
    expect(loads[shard]).toBe(7);
  });

  it('putSettings lands every setting (more than one batch of 25) through refusals', async () => {
    const companyId = ulid();
    const settings = Array.from({ length: 30 }, (_, i) => ({ key: `k${String(i).padStart(2, '0')}`, value: `v${i}` }));
    refuseNextBatches(2);
    await putSettings(companyId, settings);
    expect((await listSettings(companyId)).sort((a, b) => a.key.localeCompare(b.key))).toEqual(settings);
  });

  it('gives up with UnprocessedItemsError after the bounded number of attempts', async () => {
    refuseNextBatches(BATCH_RETRY.attempts);
    const write = batchWrite([{ PutRequest: { Item: { PK: `T#${ulid()}`, SK: 'X' } } }]);
    await expect(write).rejects.toBeInstanceOf(UnprocessedItemsError);
    expect(calls).toHaveLength(BATCH_RETRY.attempts);
  });

  // Regression: these callers used data/batch.ts, which retried unprocessed requests forever.
  it('a read caller (getContacts) gives up after the bound instead of retrying forever', async () => {
    refuseNextBatches(BATCH_RETRY.attempts);
    await expect(getContacts(ulid(), [ulid(), ulid()])).rejects.toMatchObject({
      name: 'UnprocessedItemsError',
      remaining: 2,
    });
    expect(calls).toHaveLength(BATCH_RETRY.attempts);
  });

  it('a write caller (indexTokens) gives up after the bound instead of retrying forever', async () => {
    refuseNextBatches(BATCH_RETRY.attempts);
    await expect(indexTokens('CIX', ulid(), ulid(), ['ana', 'maria'])).rejects.toBeInstanceOf(UnprocessedItemsError);
    expect(calls).toHaveLength(BATCH_RETRY.attempts);
  });
});
