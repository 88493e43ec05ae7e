/**
 * data/transactions.ts: each logical write is one TransactWriteItems call with its own
 * ClientRequestToken, kept across its retries, so a retry after a timeout whose first attempt did
 * commit succeeds without writing twice; unrelated callers never share a call, so one caller's
 * failed condition cancels nobody else's write.
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ulid } from 'ulid';
import { ddb, tableName } from '../src/data/client';
import { transactWrite, TransactionConditionFailed, type LabelledItem } from '../src/data/transactions';
import { useFreshTable } from './support/fresh-table';

beforeAll(async () => {
  await useFreshTable();
});
afterEach(() => {
  vi.restoreAllMocks();
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

/** Spies on the client; returns the transaction calls' inputs as they were sent. */
function transactCalls(): { inputs: TransactWriteCommand['input'][] } {
  const calls = { inputs: [] as TransactWriteCommand['input'][] };
  const client = ddb();
  const send = client.send.bind(client);
  vi.spyOn(client, 'send').mockImplementation(((command: unknown) => {
    if (command instanceof TransactWriteCommand) calls.inputs.push(command.input);
    return send(command as never);
  }) as never);
  return calls;
}

describe('transactWrite', () => {
  it('a retry after a timeout whose first attempt committed succeeds, and writes once', async () => {
    const id = ulid();
    const client = ddb();
    const send = client.send.bind(client);
    const tokens: (string | undefined)[] = [];
    let timedOut = false;
    vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
      if (!(command instanceof TransactWriteCommand)) return send(command as never);
      tokens.push(command.input.ClientRequestToken);
      const answer = await send(command as never);
      if (timedOut) return answer;
      // DynamoDB committed, but the answer never reached us.
      timedOut = true;
      throw Object.assign(new Error('socket timed out'), { name: 'TimeoutError' });
    }) as never);

    await expect(transactWrite([create(id), bump(`${id}-count`)])).resolves.toBeUndefined();

    expect(tokens).toHaveLength(2);
    expect(tokens[0]).toMatch(/^[\w-]{1,36}$/);
    expect(tokens[1]).toBe(tokens[0]);
    expect(await read(`${id}-count`)).toMatchObject({ n: 1 }); // not applied twice
    expect(await read(id)).toMatchObject({ n: 0 });
  });

  it('the same items under a new token are a new transaction: its condition fails (why the token is kept)', async () => {
    const id = ulid();
    await transactWrite([create(id)]);
    await expect(
      ddb().send(new TransactWriteCommand({ TransactItems: [create(id).item], ClientRequestToken: ulid() })),
    ).rejects.toMatchObject({ name: 'TransactionCanceledException' });
  });

  it('gives every logical write its own token', async () => {
    const calls = transactCalls();
    await transactWrite([create(ulid())]);
    await transactWrite([create(ulid())]);
    const [first, second] = calls.inputs.map((input) => input.ClientRequestToken);
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(first).not.toBe(second);
  });

  it('names the failed conditions by label, and writes nothing of that transaction', async () => {
    const taken = ulid();
    await transactWrite([create(taken)]);
    const failure = await transactWrite([bump(`${taken}-count`), create(taken)]).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(TransactionConditionFailed);
    expect((failure as TransactionConditionFailed).failed).toEqual([`create ${taken}`]);
    expect(await read(`${taken}-count`)).toBeUndefined();
  });

  it('keeps unrelated callers apart: one failed condition cancels nobody else, each is one call', async () => {
    const [a, taken, c] = [ulid(), ulid(), ulid()];
    await transactWrite([create(taken)]);
    const calls = transactCalls();
    const results = await Promise.allSettled([
      transactWrite([create(a), bump(`${a}-count`)]),
      transactWrite([bump(`${taken}-count`), create(taken)]),
      transactWrite([create(c), bump(`${c}-count`)]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(calls.inputs).toHaveLength(3);
    for (const input of calls.inputs) expect(input.TransactItems).toHaveLength(2);
    for (const id of [a, c]) expect(await read(`${id}-count`)).toMatchObject({ n: 1 });
    expect(await read(`${taken}-count`)).toBeUndefined();
  });

  it('retries conflicts on the same item until every writer is applied once', async () => {
    const id = ulid();
    await transactWrite([create(id)]);
    await Promise.all([transactWrite([bump(id)]), transactWrite([bump(id)]), transactWrite([bump(id), bump(`${id}-b`)])]);
    expect(await read(id)).toMatchObject({ n: 3 });
    expect(await read(`${id}-b`)).toMatchObject({ n: 1 });
  });

  it('does not retry a request DynamoDB refuses, and fails only that caller', async () => {
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
