import { describe, expect, it } from 'vitest';
import { updateExpression } from './table-operations';

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
