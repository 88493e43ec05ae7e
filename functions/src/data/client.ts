import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { withoutSdkLogger } from './sdk-client';
import { DEFAULT_TABLE_NAME } from './table-definition';

let doc: DynamoDBDocumentClient | undefined;

/**
 * Attempts per DynamoDB call (the SDK's default is 3 for every service; v2 gave DynamoDB 10). Since
 * issue 28 the hot paths are guarded orders of single writes instead of transactions, which
 * `transactWrite` retried 5 more times on its own: with 3 attempts a 10 % burst of throttles fails
 * one call in a thousand, and a failed dispatch record waits out its queue's 120 s visibility (the
 * fault suite's CI run saw it). Conditional Puts read back what a retry met, transactions carry a
 * `ClientRequestToken`; a counter's ADD retried after a lost answer counts twice, as it could with 3.
 */
export const DYNAMODB_MAX_ATTEMPTS = 6;

/** One document client per process; `DYNAMODB_ENDPOINT` points it at DynamoDB Local. */
export function ddb(): DynamoDBDocumentClient {
  if (!doc) {
    const endpoint = process.env.DYNAMODB_ENDPOINT;
    const client = withoutSdkLogger(
      new DynamoDBClient({
        region: process.env.AWS_REGION ?? 'us-east-1',
        maxAttempts: DYNAMODB_MAX_ATTEMPTS,
        ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
      }),
    );
    doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  }
  return doc;
}

export function tableName(): string {
  return process.env.TABLE_NAME ?? DEFAULT_TABLE_NAME;
}

/** Tests point the process at a fresh table; this drops the cached client. */
export function resetDataClient(): void {
  doc = undefined;
}
