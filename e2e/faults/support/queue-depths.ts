/**
 * The queues' state after a scenario: each work queue must be drained, and whatever did not get
 * through must be in its dead-letter queue (where a redrive would find it), never silently gone.
 */
import { GetQueueAttributesCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { localClientConfig } from '../../../infra/local/emulators/local-aws';
import type { LocalStack } from '../../../infra/local/stack';

/** Where the queues are: a LocalStack, or what a platform in another process printed (restart-child.ts). */
export type QueueView = Pick<LocalStack, 'endpoints' | 'queues'>;

export interface QueueDepths {
  /** By queue: messages waiting or in flight. */
  pending: Record<string, number>;
  /** By queue: messages in its dead-letter queue. */
  deadLettered: Record<string, number>;
}

export async function queueDepths(stack: QueueView): Promise<QueueDepths> {
  const sqs = new SQSClient(localClientConfig(stack.endpoints.sqs));
  const count = async (url: string) => {
    const out = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: url,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    return (
      Number(out.Attributes?.ApproximateNumberOfMessages ?? 0) +
      Number(out.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0)
    );
  };
  try {
    const depths: QueueDepths = { pending: {}, deadLettered: {} };
    for (const [name, queue] of stack.queues) {
      const [pending, dead] = await Promise.all([count(queue.url), count(queue.deadLetterUrl)]);
      if (pending) depths.pending[name] = pending;
      if (dead) depths.deadLettered[name] = dead;
    }
    return depths;
  } finally {
    sqs.destroy();
  }
}

/**
 * Up to 10 records of each non-empty dead-letter queue, as `<queue> <event type> received <n>×`: what
 * was dead-lettered and after how many receives (left in place: nothing redrives them locally).
 */
export async function deadLetterSamples(stack: QueueView, queues: string[]): Promise<string[]> {
  const sqs = new SQSClient(localClientConfig(stack.endpoints.sqs));
  try {
    const lines: string[] = [];
    for (const name of queues) {
      const queue = stack.queues.get(name);
      if (!queue) continue;
      const out = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: queue.deadLetterUrl,
          MaxNumberOfMessages: 10,
          VisibilityTimeout: 0,
          MessageSystemAttributeNames: ['ApproximateReceiveCount'],
        }),
      );
      for (const m of out.Messages ?? []) {
        const type = /"type"\s*:\s*"([^"]+)"/.exec(m.Body ?? '')?.[1] ?? '?';
        lines.push(
          `${name} ${type} received ${m.Attributes?.ApproximateReceiveCount ?? '?'}× ${(m.Body ?? '').slice(0, 160)}`,
        );
      }
    }
    return lines;
  } finally {
    sqs.destroy();
  }
}

export const total = (byQueue: Record<string, number>) => Object.values(byQueue).reduce((n, v) => n + v, 0);
