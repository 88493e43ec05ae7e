/**
 * For the local runner, which watches the session host the way the hostwatch Lambda watches ECS in
 * AWS: a host killed hard publishes nothing, so this reports every session registered on its shard as
 * DISCONNECTED on its behalf (the same events the hostwatch area builds, from the functions' shared
 * surface), through this package's retrying publisher. When the host comes back it publishes OPENING
 * and CONNECTED as it resumes them.
 */
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { listShardSessions, shardDisconnectedEvents } from '@atende/functions/shared-surface';
import type { Logger } from '../logger';
import { InboundPublisher } from '../queues/inbound-publisher';

export interface ShardDownInput {
  ddb: DynamoDBDocumentClient;
  sqs: SQSClient;
  tableName: string;
  inboundQueueUrl: string;
  shard: number;
  reason: string;
  log: Logger;
}

export async function publishShardDisconnected(input: ShardDownInput): Promise<number> {
  const publisher = new InboundPublisher(input.sqs, input.inboundQueueUrl, input.log);
  const sessions = await listShardSessions(input.shard, { ddb: input.ddb, tableName: input.tableName });
  const events = shardDisconnectedEvents(
    { shard: input.shard, reason: input.reason, occurredAt: new Date().toISOString() },
    sessions,
  );
  await Promise.all(events.map((event) => publisher.publish(event)));
  return events.length;
}
