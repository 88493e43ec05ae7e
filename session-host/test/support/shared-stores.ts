import { ulid } from 'ulid';
import { DynamoDbAuthStateStore } from '../../src/auth-state/dynamodb-auth-state';
import { MediaStore } from '../../src/media/media-store';
import { createTestEnvironment, type TestEnvironment } from './environment';

/** One table and bucket per test file; ids unique per test. */
export async function sharedStores(): Promise<{
  env: TestEnvironment;
  authStore: DynamoDbAuthStateStore;
  media: MediaStore;
  ids(): { companyId: string; connectionId: string };
}> {
  const env = await createTestEnvironment();
  return {
    env,
    authStore: new DynamoDbAuthStateStore({ ddb: env.clients.ddb, tableName: env.config.tableName }),
    media: new MediaStore(env.clients.s3, env.config.mediaBucket),
    ids: () => ({ companyId: `co-${ulid()}`, connectionId: `cn-${ulid()}` }),
  };
}
