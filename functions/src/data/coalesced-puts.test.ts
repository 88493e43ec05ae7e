import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ddb, tableName } from './client';
import { putTogether } from './coalesced-puts';

const item = (pk: string, sk = 'X') => ({ PK: pk, SK: sk });
const sentItems = (send: { mock: { calls: unknown[][] } }): unknown[][] =>
  send.mock.calls.map(([command]) =>
    ((command as BatchWriteCommand).input.RequestItems?.[tableName()] ?? []).map((r) => r.PutRequest?.Item?.PK),
  );

afterEach(() => vi.restoreAllMocks());

describe('putTogether', () => {
  it('sends the puts of callers in one turn as one BatchWriteItem, a repeated key once', async () => {
    const send = vi.spyOn(ddb(), 'send').mockResolvedValue({} as never);
    await Promise.all([putTogether([item('a'), item('b')]), putTogether([item('c')]), putTogether([item('a')])]);
    expect(sentItems(send)).toEqual([['a', 'b', 'c']]);
  });

  it('starts a new call for callers of a later turn, and splits above 25 items', async () => {
    const send = vi.spyOn(ddb(), 'send').mockResolvedValue({} as never);
    await putTogether([item('first')]);
    await putTogether(Array.from({ length: 30 }, (_, i) => item(`k${i}`)));
    expect(sentItems(send).map((call) => call.length)).toEqual([1, 25, 5]);
  });

  it('retries what DynamoDB left unprocessed before settling', async () => {
    const send = vi
      .spyOn(ddb(), 'send')
      .mockResolvedValueOnce({ UnprocessedItems: { [tableName()]: [{ PutRequest: { Item: item('b') } }] } } as never)
      .mockResolvedValue({} as never);
    await Promise.all([putTogether([item('a')]), putTogether([item('b')])]);
    expect(sentItems(send)).toEqual([['a', 'b'], ['b']]);
  });

  it("rejects every caller of a failed call, and the next turn's callers get a call of their own", async () => {
    vi.spyOn(ddb(), 'send')
      .mockRejectedValueOnce(new Error('throttled'))
      .mockResolvedValue({} as never);
    const failed = Promise.allSettled([putTogether([item('a')]), putTogether([item('b')])]);
    expect((await failed).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await expect(putTogether([item('c')])).resolves.toBeUndefined();
  });
});
