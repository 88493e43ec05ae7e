/**
 * SQS: fauxqs 1.9.2 (2.x needs Node 22.5). `startFauxqs` always binds 0.0.0.0, so we build its Fastify
 * app ourselves and listen on 127.0.0.1. Queues are (re)created on every start from the manifest; with
 * a data folder (`npm start`) their messages survive a restart, a SIGKILL included (sqs-journal.ts),
 * as SQS outlives the platform in AWS; without one (tests) they live in memory.
 */
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { buildApp, type BuildAppOptions } from 'fauxqs';
import type { QueueSpec } from '@atende/functions/manifest';
import { freePort } from './free-port';
import { localClientConfig } from './local-aws';
import { loadFauxqsInternals, type PollerQueueActions } from './sqs-in-process';

export interface SqsEmulator {
  endpoint: string;
  port: number;
  /** Receive and delete for the local event-source mappings, in this process (sqs-in-process.ts). */
  pollerActions: PollerQueueActions;
  stop(): Promise<void>;
}

export async function startSqsEmulator(options: { port?: number; dataDir?: string } = {}): Promise<SqsEmulator> {
  const port = options.port ?? (await freePort());
  const fauxqs = await loadFauxqsInternals(options.dataDir);
  const app = buildApp({ logger: false, stores: fauxqs.stores as BuildAppOptions['stores'] });
  try {
    await app.listen({ port, host: '127.0.0.1' });
  } catch (err) {
    fauxqs.journal?.close();
    throw err;
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    pollerActions: fauxqs.actions,
    stop: async () => {
      await app.close();
      fauxqs.journal?.close();
    },
  };
}

export interface LocalQueue {
  spec: QueueSpec;
  url: string;
  arn: string;
  deadLetterUrl: string;
}

/** AWS names: FIFO queues (and their dead-letter queues, which must be FIFO too) end with `.fifo`. */
export const queueResourceName = (name: string, fifo: boolean) => (fifo ? `${name}.fifo` : name);

const DEAD_LETTER_RETENTION_SECONDS = String(14 * 24 * 3600);

/**
 * Creates each queue with its dead-letter queue and redrive policy, like the CDK queues construct.
 * FIFO queues keep content-based deduplication off: producers always set MessageDeduplicationId.
 */
export async function createQueues(endpoint: string, specs: QueueSpec[]): Promise<Map<string, LocalQueue>> {
  const sqs = new SQSClient(localClientConfig(endpoint));
  try {
    const queues = new Map<string, LocalQueue>();
    for (const spec of specs) {
      const fifoAttributes: Record<string, string> = spec.fifo
        ? { FifoQueue: 'true', ContentBasedDeduplication: 'false' }
        : {};
      const dlq = await sqs.send(
        new CreateQueueCommand({
          QueueName: queueResourceName(`${spec.name}-dlq`, spec.fifo),
          Attributes: { ...fifoAttributes, MessageRetentionPeriod: DEAD_LETTER_RETENTION_SECONDS },
        }),
      );
      const dlqArn = await queueArn(sqs, dlq.QueueUrl!);
      const queue = await sqs.send(
        new CreateQueueCommand({
          QueueName: queueResourceName(spec.name, spec.fifo),
          Attributes: {
            ...fifoAttributes,
            VisibilityTimeout: String(spec.visibilityTimeoutSeconds),
            RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: spec.maxReceiveCount }),
          },
        }),
      );
      queues.set(spec.name, {
        spec,
        url: queue.QueueUrl!,
        arn: await queueArn(sqs, queue.QueueUrl!),
        deadLetterUrl: dlq.QueueUrl!,
      });
    }
    return queues;
  } finally {
    sqs.destroy();
  }
}

async function queueArn(sqs: SQSClient, url: string): Promise<string> {
  const out = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }));
  return out.Attributes!.QueueArn!;
}
