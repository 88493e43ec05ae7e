import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { withoutSdkLogger } from './sdk-client';
import { DEFAULT_TABLE_NAME } from './table-definition';

let doc: DynamoDBDocumentClient | undefined;

/** One document client per process; `DYNAMODB_ENDPOINT` points it at DynamoDB Local. */
export function ddb(): DynamoDBDocumentClient {
  if (!doc) {
    const endpoint = process.env.DYNAMODB_ENDPOINT;
    const client = withoutSdkLogger(
      new DynamoDBClient({
        region: process.env.AWS_REGION ?? 'us-east-1',
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
