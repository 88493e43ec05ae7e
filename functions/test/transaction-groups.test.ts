/**
 * Transactions of the same turn share a TransactWriteItems call (data/transaction-groups.ts), and
 * each caller keeps its own outcome: a failed condition fails only its transaction, transactions on
 * the same item run one after the other, the others are written once.
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ulid } from 'ulid';
import { ddb, tableName } from '../src/data/client';
import { transactWrite, TransactionConditionFailed, type LabelledItem } from '../src/data/transactions';
import { useFreshTable } from './support/fresh-table';

beforeAll(async () => {
  await useFreshTable();
});

const key = (id: string) => ({ PK: `T#${id}`, SK: 'X' });
const create = (id: string): LabelledItem => ({
  label: `create ${id}`,
  item: { Put: { TableName: tableName(), Item: { ...key(id), n: 0 }, ConditionExpression: 'attribute_not_exists(PK)' } },
});
const bump = (id: string): LabelledItem => ({
  label: `bump ${id}`,
  item: {
    Update: {
      TableName: tableName(),
      Key: key(id),
      UpdateExpression: 'ADD n :one',
      ExpressionAttributeValues: { ':one': 1 },
    },
  },
});
const read = async (id: string) =>
  (await ddb().send(new GetCommand({ TableName: tableName(), Key: key(id), ConsistentRead: true }))).Item;
const transactCalls = (send: { mock: { calls: unknown[][] } }) =>
  send.mock.calls.filter(([command]) => command instanceof TransactWriteCommand).length;

describe('transactions of one turn', () => {
  it('share one call when all succeed', async () => {
    const ids = [ulid(), ulid(), ulid()];
    const send = vi.spyOn(ddb(), 'send');
    try {
      await Promise.all(ids.map((id) => transactWrite([create(id), bump(`${id}-count`)])));
      expect(transactCalls(send)).toBe(1);
    } finally {
      send.mockRestore();
    }
    for (const id of ids) {
      expect(await read(id)).toMatchObject({ n: 0 });
      expect(await read(`${id}-count`)).toMatchObject({ n: 1 });
    }
  });

  it('fail only the transaction whose condition failed; the others are written once', async () => {
    const [a, taken, c] = [ulid(), ulid(), ulid()];
    await transactWrite([create(taken)]);
    const send = vi.spyOn(ddb(), 'send');
    let results: PromiseSettledResult<void>[];
    try {
      results = await Promise.allSettled([
        transactWrite([create(a), bump(`${a}-count`)]),
        transactWrite([bump(`${taken}-count`), create(taken)]),
        transactWrite([create(c), bump(`${c}-count`)]),
      ]);
      expect(transactCalls(send)).toBe(2); // the shared call, cancelled; then the two innocent ones again
    } finally {
      send.mockRestore();
    }
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const failure = (results[1] as PromiseRejectedResult).reason;
    expect(failure).toBeInstanceOf(TransactionConditionFailed);
    expect((failure as TransactionConditionFailed).failed).toEqual([`create ${taken}`]);
    expect(await read(`${taken}-count`)).toBeUndefined(); // all or nothing, per caller
    for (const id of [a, c]) expect(await read(`${id}-count`)).toMatchObject({ n: 1 });
  });

  it('run transactions on the same item one after the other, in call order', async () => {
    const id = ulid();
    await transactWrite([create(id)]);
    await Promise.all([transactWrite([bump(id)]), transactWrite([bump(id)]), transactWrite([bump(id), bump(`${id}-b`)])]);
    expect(await read(id)).toMatchObject({ n: 3 });
    expect(await read(`${id}-b`)).toMatchObject({ n: 1 });
  });

  it('send each transaction alone when a shared call is refused, so only the faulty one fails', async () => {
    const good = ulid();
    const results = await Promise.allSettled([
      transactWrite([create(good)]),
      // An update of a key attribute: DynamoDB refuses the request (ValidationException).
      transactWrite([
        {
          label: 'bad',
          item: {
            Update: {
              TableName: tableName(),
              Key: key(ulid()),
              UpdateExpression: 'SET SK = :x',
              ExpressionAttributeValues: { ':x': 'Y' },
            },
          },
        },
      ]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(await read(good)).toMatchObject({ n: 0 });
  });
});
