/**
 * Locally the runner watches the session host the way an ECS task-stopped rule does in AWS:
 * when a shard dies hard, its sessions are reported DISCONNECTED through the inbound queue.
 */
import { createAwsClients } from '@atende/session-host/aws/clients';
import { silentLogger } from '@atende/session-host/logger';
import { publishShardDisconnected } from '@atende/session-host/registry/shard-down';
import { queueUrlEnv } from '@atende/functions/manifest';
import { logLine } from './log';

export async function reportShardDown(env: Record<string, string>, shard: number): Promise<void> {
  const clients = createAwsClients({
    region: env.AWS_REGION ?? 'us-east-1',
    dynamoDbEndpoint: env.DYNAMODB_ENDPOINT,
    sqsEndpoint: env.SQS_ENDPOINT,
    s3Endpoint: env.S3_ENDPOINT,
  });
  try {
    const count = await publishShardDisconnected({
      ddb: clients.ddb,
      sqs: clients.sqs,
      tableName: env.TABLE_NAME!,
      inboundQueueUrl: env[queueUrlEnv('inbound')]!,
      shard,
      reason: 'session host stopped unexpectedly',
      log: silentLogger(),
    });
    logLine(`session-host:${shard}`, `reported ${count} session(s) disconnected`);
  } finally {
    clients.destroy();
  }
}
