import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { withoutSdkLogger } from './sdk-client';

const names = (client: { middlewareStack: { identify(): string[] } }) =>
  client.middlewareStack.identify().map((entry) => entry.split(' ')[0]);

describe('withoutSdkLogger', () => {
  it('drops the logger middleware and nothing else', () => {
    for (const make of [() => new DynamoDBClient({ region: 'us-east-1' }), () => new SQSClient({ region: 'us-east-1' })]) {
      const before = names(make());
      expect(before).toContain('loggerMiddleware');
      const after = names(withoutSdkLogger(make()));
      expect(after).toEqual(before.filter((name) => name !== 'loggerMiddleware'));
    }
  });
});
