/**
 * Per-test AWS resources on the shared emulators: a fresh table, FIFO queues and a bucket, and a
 * `HostConfig` pointing at them.
 */
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import {
  CreateQueueCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { AdapterKind, ChannelEvent, OutboundCommand } from '@atende/shared';
import { inject } from 'vitest';
import { ulid } from 'ulid';
import { ensureTable } from '../../../infra/local/emulators/dynamodb-local';
import { createAwsClients, type AwsClients } from '../../src/aws/clients';
import type { HostConfig } from '../../src/config';

export interface TestEnvironment {
  config: HostConfig;
  clients: AwsClients;
  /** Puts a command on the shard's outbound queue the way the functions do. */
  sendCommand(command: OutboundCommand, dedupId?: string): Promise<void>;
  /** Drains the inbound queue (deleting what it reads). */
  drainInbound(waitSeconds?: number): Promise<ChannelEvent[]>;
  destroy(): void;
}

export async function createTestEnvironment(options: { adapters?: AdapterKind[] } = {}): Promise<TestEnvironment> {
  const ddbEndpoint = inject('ddbEndpoint');
  const awsEndpoint = inject('awsEndpoint');
  const suffix = ulid().toLowerCase();
  const tableName = `sh-${suffix}`;
  await ensureTable(ddbEndpoint, tableName);
  const clients = createAwsClients({
    region: 'us-east-1',
    dynamoDbEndpoint: ddbEndpoint,
    sqsEndpoint: awsEndpoint,
    s3Endpoint: awsEndpoint,
  });
  const fifo = { FifoQueue: 'true', ContentBasedDeduplication: 'false', VisibilityTimeout: '60' };
  const [outbound, inbound] = await Promise.all([
    clients.sqs.send(new CreateQueueCommand({ QueueName: `outbound-0-${suffix}.fifo`, Attributes: fifo })),
    clients.sqs.send(new CreateQueueCommand({ QueueName: `inbound-${suffix}.fifo`, Attributes: fifo })),
  ]);
  const mediaBucket = `media-${suffix}`;
  await clients.s3.send(new CreateBucketCommand({ Bucket: mediaBucket }));
  const adapters = options.adapters ?? ['simulator'];
  const config: HostConfig = {
    shard: 0,
    shards: 1,
    adapters,
    defaultAdapter: adapters[0]!,
    region: 'us-east-1',
    tableName,
    dynamoDbEndpoint: ddbEndpoint,
    sqsEndpoint: awsEndpoint,
    s3Endpoint: awsEndpoint,
    outboundQueueUrl: outbound.QueueUrl!,
    inboundQueueUrl: inbound.QueueUrl!,
    mediaBucket,
    localMode: true,
    reconnect: { initialMs: 50, maxMs: 200 },
    outboundHoldMaxMs: 20_000,
    logLevel: 'silent',
    maxInboundMediaBytes: 100 * 1024 * 1024,
    maxHostDownloads: 8,
  };
  return {
    config,
    clients,
    sendCommand: (command, dedupId) => sendCommand(clients.sqs, config.outboundQueueUrl, command, dedupId),
    drainInbound: (waitSeconds = 0) => drain(clients.sqs, config.inboundQueueUrl, waitSeconds),
    destroy: () => clients.destroy(),
  };
}

async function sendCommand(
  sqs: SQSClient,
  queueUrl: string,
  command: OutboundCommand,
  dedupId = command.commandId,
): Promise<void> {
  await sqs.send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify(command),
      MessageGroupId: command.connectionId,
      MessageDeduplicationId: dedupId,
    }),
  );
}

async function drain(sqs: SQSClient, queueUrl: string, waitSeconds: number): Promise<ChannelEvent[]> {
  const events: ChannelEvent[] = [];
  for (;;) {
    const out = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: waitSeconds }),
    );
    if (!out.Messages?.length) return events;
    for (const message of out.Messages) {
      events.push(JSON.parse(message.Body!) as ChannelEvent);
      await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle! }));
    }
  }
}

let sequence = 0;
/** A command as the functions would build it. */
export function command<T extends OutboundCommand['type']>(
  type: T,
  base: { companyId: string; connectionId: string },
  fields: Omit<Extract<OutboundCommand, { type: T }>, 'type' | 'commandId' | 'companyId' | 'connectionId' | 'issuedAt'> & {
    commandId?: string;
  },
): Extract<OutboundCommand, { type: T }> {
  sequence += 1;
  return { commandId: `cmd-${ulid()}-${sequence}`, issuedAt: new Date().toISOString(), ...base, ...fields, type } as Extract<
    OutboundCommand,
    { type: T }
  >;
}

export async function eventually<T>(
  probe: () => T | Promise<T>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value as NonNullable<T>;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} not reached within ${timeoutMs} ms${last ? `: ${(last as Error).message}` : ''}`);
}
