import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal, type DynamoDbLocal } from '../../../infra/local/emulators/dynamodb-local';
import { startSqsEmulator, type SqsEmulator } from '../../../infra/local/emulators/sqs-emulator';

/** One DynamoDB Local and one fauxqs (SQS + S3) for the whole run; each test makes its own table, queues and bucket. */
let ddb: DynamoDbLocal | undefined;
let aws: SqsEmulator | undefined;

export async function setup(project: TestProject) {
  [ddb, aws] = await Promise.all([startDynamoDbLocal(), startSqsEmulator()]);
  project.provide('ddbEndpoint', ddb.endpoint);
  project.provide('awsEndpoint', aws.endpoint);
}

export async function teardown() {
  await Promise.all([ddb?.stop(), aws?.stop()]);
}

declare module 'vitest' {
  export interface ProvidedContext {
    ddbEndpoint: string;
    awsEndpoint: string;
  }
}
