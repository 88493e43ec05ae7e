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

const local = (region: string, endpoint?: string) =>
  endpoint ? { region, endpoint, credentials: LOCAL_CREDENTIALS } : { region };

export interface AwsClients {
  ddb: DynamoDBDocumentClient;
  sqs: SQSClient;
  s3: S3Client;
  destroy(): void;
}

export function createAwsClients(endpoints: AwsEndpoints): AwsClients {
  const raw = withoutSdkLogger(new DynamoDBClient(local(endpoints.region, endpoints.dynamoDbEndpoint)));
  const ddb = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
  const sqs = withoutSdkLogger(new SQSClient(local(endpoints.region, endpoints.sqsEndpoint)));
  const s3 = withoutSdkLogger(
    new S3Client({ ...local(endpoints.region, endpoints.s3Endpoint), forcePathStyle: Boolean(endpoints.s3Endpoint) }),
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
