/**
 * AWS SDK clients for the host. Locally each points at its emulator (`*_ENDPOINT`) with fake
 * credentials; in AWS the task role's credentials are picked up by the default chain.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { withoutSdkLogger } from '@atende/functions/shared-surface';

export interface AwsEndpoints {
  region: string;
  dynamoDbEndpoint?: string;
  sqsEndpoint?: string;
  s3Endpoint?: string;
}

const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

/**
 * Without these the SDK waits on a hung connection forever (both default to 0), and one stuck call
 * holds whatever waits on it: a FIFO group's publishing, a credential save, a file upload. Timed-out
 * calls are retried by the SDK like any network error. SQS's must outlast its 20 s long poll.
 */
export const REQUEST_TIMEOUTS_MS = { connect: 3_000, dynamoDb: 5_000, sqs: 30_000, s3: 120_000 };

const handler = (requestTimeout: number, connect: number) => ({
  requestHandler: { connectionTimeout: connect, requestTimeout, throwOnRequestTimeout: true },
});

const local = (region: string, endpoint?: string) =>
  endpoint ? { region, endpoint, credentials: LOCAL_CREDENTIALS } : { region };

export interface AwsClients {
  ddb: DynamoDBDocumentClient;
  sqs: SQSClient;
  s3: S3Client;
  destroy(): void;
}

export function createAwsClients(
  endpoints: AwsEndpoints,
  timeouts: typeof REQUEST_TIMEOUTS_MS = REQUEST_TIMEOUTS_MS,
): AwsClients {
  const raw = withoutSdkLogger(
    new DynamoDBClient({
      ...local(endpoints.region, endpoints.dynamoDbEndpoint),
      ...handler(timeouts.dynamoDb, timeouts.connect),
    }),
  );
  const ddb = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
  const sqs = withoutSdkLogger(
    new SQSClient({ ...local(endpoints.region, endpoints.sqsEndpoint), ...handler(timeouts.sqs, timeouts.connect) }),
  );
  const s3 = withoutSdkLogger(
    new S3Client({
      ...local(endpoints.region, endpoints.s3Endpoint),
      ...handler(timeouts.s3, timeouts.connect),
      forcePathStyle: Boolean(endpoints.s3Endpoint),
    }),
  );
  return {
    ddb,
    sqs,
    s3,
    destroy() {
      ddb.destroy();
      raw.destroy();
      sqs.destroy();
      s3.destroy();
    },
  };
}
