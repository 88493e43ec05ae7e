/**
 * The batch helpers' retry policy with a fake client and fake timers: unprocessed requests are sent
 * again after a jittered, exponentially growing wait, at most BATCH_RETRY.attempts calls per chunk,
 * then the helper gives up with UnprocessedItemsError instead of retrying forever.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  batchGet,
  batchWrite,
  BATCH_RETRY,
  retryDelayMs,
  UnprocessedItemsError,
  type Item,
  type TableRef,
  type WriteRequest,
} from './table-operations';

type Input = { RequestItems: Record<string, { Keys?: Item[] } | WriteRequest[]> };

/** A table whose client answers each call with `answer(input, callNumber)`; every input is kept. */
function fakeTable(answer: (input: Input, call: number) => Record<string, unknown>) {
  const inputs: Input[] = [];
  const send = vi.fn(async (command: { input: Input }) => {
    inputs.push(structuredClone(command.input));
    return answer(command.input, inputs.length);
  });
  const table: TableRef = { ddb: { send } as unknown as DynamoDBDocumentClient, tableName: 'T' };
  return { table, inputs };
}

const puts = (n: number): WriteRequest[] =>
  Array.from({ length: n }, (_, i) => ({ PutRequest: { Item: { PK: 'P', SK: `s${i}` } } }));

const everythingUnprocessed = (input: Input) => ({ UnprocessedItems: input.RequestItems });

/** Lets the helper's pending promises run without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('retryDelayMs', () => {
  it('is full jitter: uniform between 0 and an exponentially growing cap, never above maxMs', () => {
    expect(retryDelayMs(1, () => 0)).toBe(0);
    expect(retryDelayMs(1, () => 1)).toBe(BATCH_RETRY.baseMs * 2);
    expect(retryDelayMs(3, () => 1)).toBe(BATCH_RETRY.baseMs * 8);
    expect(retryDelayMs(3, () => 0.25)).toBe(BATCH_RETRY.baseMs * 2);
    expect(retryDelayMs(30, () => 1)).toBe(BATCH_RETRY.maxMs);
  });
});

describe('batchWrite', () => {
  it('sends unprocessed items again after the jittered wait, and only those', async () => {
    vi.spyOn(Math, 'random').mockReturnValueOnce(0.5).mockReturnValueOnce(0.1);
    const { table, inputs } = fakeTable((input, call) => {
      const sent = input.RequestItems.T as WriteRequest[];
      return call < 3 ? { UnprocessedItems: { T: sent.slice(1) } } : {};
    });
    const done = batchWrite(puts(3), table, { parallel: 1 });
    await settle();
    expect(inputs).toHaveLength(1);
    // first retry: 0.5 × min(maxMs, baseMs · 2¹)
    await vi.advanceTimersByTimeAsync(BATCH_RETRY.baseMs - 1);
    expect(inputs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(inputs).toHaveLength(2);
    // second retry: 0.1 × min(maxMs, baseMs · 2²)
    await vi.advanceTimersByTimeAsync(BATCH_RETRY.baseMs * 0.4);
    expect(inputs).toHaveLength(3);
    await done;
    expect(inputs.map((input) => (input.RequestItems.T as WriteRequest[]).length)).toEqual([3, 2, 1]);
  });

  it('gives up after BATCH_RETRY.attempts calls, naming what is left, instead of retrying forever', async () => {
    const { table, inputs } = fakeTable(everythingUnprocessed);
    const done = batchWrite(puts(2), table);
    const failure = expect(done).rejects.toThrow(UnprocessedItemsError);
    await vi.runAllTimersAsync();
    await failure;
    await expect(done).rejects.toMatchObject({ remaining: 2 });
    expect(inputs).toHaveLength(BATCH_RETRY.attempts);
  });

  it('succeeds when the last allowed attempt lands', async () => {
    const { table, inputs } = fakeTable((input, call) => (call < BATCH_RETRY.attempts ? everythingUnprocessed(input) : {}));
    const done = batchWrite(puts(1), table);
    await vi.runAllTimersAsync();
    await expect(done).resolves.toBeUndefined();
    expect(inputs).toHaveLength(BATCH_RETRY.attempts);
  });

  it('splits into calls of 25 with at most `parallel` in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const send = vi.fn(async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 10));
      inFlight--;
      return {};
    });
    const table: TableRef = { ddb: { send } as unknown as DynamoDBDocumentClient, tableName: 'T' };
    const done = batchWrite(puts(25 * 5 + 1), table, { parallel: 2 });
    await vi.runAllTimersAsync();
    await done;
    expect(send).toHaveBeenCalledTimes(6);
    expect(most).toBe(2);
  });
});

describe('batchGet', () => {
  const key = (n: number) => ({ PK: 'P', SK: `s${n}` });

  it('asks each key once, retries only the unprocessed keys and returns everything found', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { table, inputs } = fakeTable((input) => {
      const keys = (input.RequestItems.T as { Keys: Item[] }).Keys;
      const [first, ...rest] = keys;
      return { Responses: { T: [{ ...first, found: true }] }, UnprocessedKeys: rest.length ? { T: { Keys: rest } } : {} };
    });
    const done = batchGet([key(1), key(2), key(1), key(3)], {}, table);
    await vi.runAllTimersAsync();
    const found = await done;
    expect(inputs.map((input) => (input.RequestItems.T as { Keys: Item[] }).Keys.length)).toEqual([3, 2, 1]);
    expect(found.map((item) => item.SK).sort()).toEqual(['s1', 's2', 's3']);
  });

  it('gives up with UnprocessedItemsError after BATCH_RETRY.attempts calls', async () => {
    const { table, inputs } = fakeTable((input) => ({ Responses: {}, UnprocessedKeys: input.RequestItems }));
    const done = batchGet([key(1)], { consistentRead: true }, table);
    const failure = expect(done).rejects.toThrow(UnprocessedItemsError);
    await vi.runAllTimersAsync();
    await failure;
    expect(inputs).toHaveLength(BATCH_RETRY.attempts);
  });
});
