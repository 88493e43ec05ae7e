/**
 * For whoever watches the session host from outside (the local runner when its child process dies,
 * or an ECS task-stopped rule in AWS): a host killed hard publishes nothing, so this reports every
 * session registered on its shard as DISCONNECTED on its behalf. When the host comes back it
 * publishes OPENING and CONNECTED as it resumes them.
 */
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Logger } from '../logger';
import { statusEventId } from '../queues/event-ids';
import { InboundPublisher } from '../queues/inbound-publisher';
import { ShardRegistry } from './shard-registry';

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
  const sessions = await new ShardRegistry(input.ddb, input.tableName, input.shard).list();
  const publisher = new InboundPublisher(input.sqs, input.inboundQueueUrl, input.log);
  const occurredAt = new Date().toISOString();
  await Promise.all(sessions.map((session) => publisher.publish({
    type: 'connection.status', status: 'DISCONNECTED', reason: input.reason,
    eventId: statusEventId(session.connectionId, 'DISCONNECTED'),
    companyId: session.companyId, connectionId: session.connectionId, occurredAt,
  })));
  return sessions.length;
}
