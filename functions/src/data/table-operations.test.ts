import { describe, expect, it } from 'vitest';
import { partitionQuery, updateExpression } from './table-operations';

describe('updateExpression', () => {
  it('sets defined values, skips undefined ones and removes the listed attributes', () => {
    expect(updateExpression({ name: 'Loja', status: undefined, count: 2 }, ['defaultId'])).toEqual({
      UpdateExpression: 'SET #u0 = :u0, #u1 = :u1 REMOVE #u2',
      ExpressionAttributeNames: { '#u0': 'name', '#u1': 'count', '#u2': 'defaultId' },
      ExpressionAttributeValues: { ':u0': 'Loja', ':u1': 2 },
    });
  });

  it('omits the values when it only removes, and refuses an empty update', () => {
    expect(updateExpression({}, ['token'])).toEqual({
      UpdateExpression: 'REMOVE #u0',
      ExpressionAttributeNames: { '#u0': 'token' },
    });
    expect(() => updateExpression({ a: undefined })).toThrow();
  });
});

describe('partitionQuery', () => {
  it('reads one partition of an index, newest first, keeping items equal to every `where` value', () => {
    expect(
      partitionQuery(
        { attribute: 'GSI1PK', value: 'P#INVOICES', index: 'GSI1' },
        { newestFirst: true, where: { status: 'paid', '#weird': 1 } },
      ),
    ).toEqual({
      IndexName: 'GSI1',
      KeyConditionExpression: '#pk = :pk',
      ScanIndexForward: false,
      ExpressionAttributeNames: { '#pk': 'GSI1PK', '#w0': 'status', '#w1': '#weird' },
      ExpressionAttributeValues: { ':pk': 'P#INVOICES', ':w0': 'paid', ':w1': 1 },
      FilterExpression: '#w0 = :w0 AND #w1 = :w1',
    });
  });

  it('has no filter and reads oldest first when nothing more is asked', () => {
    const input = partitionQuery({ attribute: 'PK', value: 'C#1' });
    expect(input).not.toHaveProperty('FilterExpression');
    expect(input).not.toHaveProperty('IndexName');
    expect(input.ScanIndexForward).toBe(true);
  });
});
