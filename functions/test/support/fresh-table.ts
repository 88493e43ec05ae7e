import { inject } from 'vitest';
import { ulid } from 'ulid';
import { ensureTable } from '../../../infra/local/emulators/dynamodb-local';
import { resetDataClient } from '../../src/data/client';
import { resetSigningKey } from '../../src/platform/jwt';

/** Points this test file's process at a brand-new table on the shared DynamoDB Local. */
export async function useFreshTable(): Promise<string> {
  const endpoint = inject('ddbEndpoint');
  const tableName = `t-${ulid().toLowerCase()}`;
  process.env.DYNAMODB_ENDPOINT = endpoint;
  process.env.TABLE_NAME = tableName;
  process.env.AWS_REGION = 'us-east-1';
  process.env.JWT_SECRET ??= 'test-secret-with-enough-entropy-0123456789';
  process.env.LOG_LEVEL = 'SILENT';
  resetDataClient();
  resetSigningKey();
  await ensureTable(endpoint, tableName);
  return tableName;
}
