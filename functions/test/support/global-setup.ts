import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal, type DynamoDbLocal } from '../../../infra/local/emulators/dynamodb-local';

/** One in-memory DynamoDB Local for the whole run; each test file makes its own table. */
let ddb: DynamoDbLocal | undefined;

export async function setup(project: TestProject) {
  ddb = await startDynamoDbLocal();
  project.provide('ddbEndpoint', ddb.endpoint);
}

export async function teardown() {
  await ddb?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    ddbEndpoint: string;
  }
}
