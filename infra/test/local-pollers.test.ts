import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { createQueues, startSqsEmulator, type LocalQueue, type SqsEmulator } from '../local/emulators/sqs-emulator';
import { localClientConfig } from '../local/emulators/local-aws';
import type { PollerQueueActions } from '../local/emulators/sqs-in-process';
import { createInvoker, type AreaHandler } from '../local/lambda-runtime';
import { startEventSourceMapping } from '../local/pollers/sqs-event-source';
import { scheduledEvent, startScheduler } from '../local/pollers/scheduler';

let emulator: SqsEmulator;
let sqs: SQSClient;
let queues: Map<string, LocalQueue>;

beforeAll(async () => {
  emulator = await startSqsEmulator();
  sqs = new SQSClient(localClientConfig(emulator.endpoint));
  // Short visibility and two receives before the dead-letter queue, so redelivery is observable quickly.
  // One queue per test: a stopped poller's cut-off long poll may still take one message on the server.
  queues = await createQueues(emulator.endpoint, [
    { name: 'work', fifo: false, visibilityTimeoutSeconds: 1, maxReceiveCount: 2 },
    { name: 'flaky', fifo: false, visibilityTimeoutSeconds: 1, maxReceiveCount: 2 },
    { name: 'ordered', fifo: true, visibilityTimeoutSeconds: 1, maxReceiveCount: 2 },
    { name: 'chats', fifo: true, visibilityTimeoutSeconds: 5, maxReceiveCount: 2 },
  ]);
});
afterAll(async () => {
  sqs.destroy();
  await emulator.stop();
});

const until = async (check: () => boolean | Promise<boolean>, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(await check()).toBe(true);
};

function mapping(queue: LocalQueue, handler: AreaHandler) {
  return startEventSourceMapping({
    sqs: emulator.pollerActions,
    queueUrl: queue.url,
    queueArn: queue.arn,
    area: 'inbound',
    invoke: createInvoker({ inbound: handler }),
    batchSize: 10,
    maxBatchingWindowSeconds: 0.2,
    concurrency: 1,
    waitTimeSeconds: 1,
  });
}

async function deadLetters(queue: LocalQueue): Promise<string[]> {
  const out = await sqs.send(
    new ReceiveMessageCommand({ QueueUrl: queue.deadLetterUrl, MaxNumberOfMessages: 10, VisibilityTimeout: 0 }),
  );
  return (out.Messages ?? []).map((m) => m.Body!);
}

describe('queues from the manifest specs', () => {
  it('creates FIFO queues with .fifo names, dedup by id only, and a redrive policy to a dead-letter queue', async () => {
    const ordered = queues.get('ordered')!;
    const attrs = (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: ordered.url, AttributeNames: ['All'] })))
      .Attributes!;

    expect(ordered.url).toMatch(/\/ordered\.fifo$/);
    expect(ordered.deadLetterUrl).toMatch(/\/ordered-dlq\.fifo$/);
    expect(attrs).toMatchObject({ FifoQueue: 'true', ContentBasedDeduplication: 'false', VisibilityTimeout: '1' });
    expect(JSON.parse(attrs.RedrivePolicy!)).toMatchObject({ maxReceiveCount: 2 });
  });
});

describe('SQS event-source mapping', () => {
  it('deletes the successes of a batch, redelivers the reported failure and dead-letters it after maxReceiveCount', async () => {
    const queue = queues.get('work')!;
    const seen: { body: string; receiveCount: string }[] = [];
    const poller = mapping(queue, async (event: SQSEvent) => {
      for (const r of event.Records) seen.push({ body: r.body, receiveCount: r.attributes.ApproximateReceiveCount });
      return {
        batchItemFailures: event.Records.filter((r) => r.body === 'bad').map((r) => ({ itemIdentifier: r.messageId })),
      };
    });

    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queue.url,
        Entries: ['ok-1', 'bad', 'ok-2'].map((body, i) => ({ Id: String(i), MessageBody: body })),
      }),
    );
    await until(async () => (await deadLetters(queue)).includes('bad'));
    await poller.stop();

    expect(seen.filter((s) => s.body === 'ok-1')).toHaveLength(1);
    expect(seen.filter((s) => s.body === 'ok-2')).toHaveLength(1);
    expect(seen.filter((s) => s.body === 'bad').map((s) => s.receiveCount)).toEqual(['1', '2']);
  });

  it('keeps the whole batch when the handler throws', async () => {
    const queue = queues.get('flaky')!;
    const receives: string[] = [];
    const poller = mapping(queue, async (event: SQSEvent) => {
      receives.push(...event.Records.map((r) => `${r.body}#${r.attributes.ApproximateReceiveCount}`));
      if (event.Records.some((r) => r.attributes.ApproximateReceiveCount === '1')) throw new Error('transient');
      return {};
    });

    await sqs.send(new SendMessageCommand({ QueueUrl: queue.url, MessageBody: 'retry-me' }));
    await until(() => receives.includes('retry-me#2'));
    await poller.stop();

    expect(receives).toEqual(['retry-me#1', 'retry-me#2']);
  });

  it('hands FIFO records over with their group id, in order within the group', async () => {
    const queue = queues.get('ordered')!;
    const records: SQSRecord[] = [];
    const poller = mapping(queue, async (event: SQSEvent) => {
      records.push(...event.Records);
      return { batchItemFailures: [] };
    });

    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queue.url,
        Entries: [1, 2, 3].map((n) => ({
          Id: String(n),
          MessageBody: `m${n}`,
          MessageGroupId: 'conn-1',
          MessageDeduplicationId: `cmd-${n}`,
        })),
      }),
    );
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: queue.url,
        MessageBody: 'm1-again',
        MessageGroupId: 'conn-1',
        MessageDeduplicationId: 'cmd-1',
      }),
    );
    // A later message of the same group is a barrier: FIFO order puts an undropped duplicate before it.
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: queue.url,
        MessageBody: 'm4',
        MessageGroupId: 'conn-1',
        MessageDeduplicationId: 'cmd-4',
      }),
    );
    await until(() => records.some((r) => r.body === 'm4'));
    await poller.stop();

    expect(records.map((r) => r.body)).toEqual(['m1', 'm2', 'm3', 'm4']); // the duplicate id was dropped
    expect(records[0]).toMatchObject({
      eventSource: 'aws:sqs',
      eventSourceARN: queue.arn,
      attributes: { MessageGroupId: 'conn-1', MessageDeduplicationId: 'cmd-1' },
    });
  });
});

describe('SQS event-source mapping: one long poll feeding concurrent batches', () => {
  it('runs up to `concurrency` batches of different groups side by side, with one receive at a time', async () => {
    const queue = queues.get('chats')!;
    let receives = 0;
    const counting: PollerQueueActions = {
      ...emulator.pollerActions,
      receive: (input, signal) => {
        receives++;
        return emulator.pollerActions.receive(input, signal);
      },
    };
    const inFlight = new Set<string>();
    let mostInFlight = 0;
    const handled: string[] = [];
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const poller = startEventSourceMapping({
      sqs: counting,
      queueUrl: queue.url,
      queueArn: queue.arn,
      area: 'inbound',
      invoke: createInvoker({
        inbound: async (event: SQSEvent) => {
          const body = event.Records.map((r) => r.body).join(',');
          inFlight.add(body);
          mostInFlight = Math.max(mostInFlight, inFlight.size);
          await released;
          inFlight.delete(body);
          handled.push(body);
          return { batchItemFailures: [] };
        },
      }),
      batchSize: 10,
      concurrency: 3,
      waitTimeSeconds: 2,
    });
    const send = (n: number) =>
      sqs.send(
        new SendMessageCommand({
          QueueUrl: queue.url,
          MessageBody: `chat-${n}`,
          MessageGroupId: `chat-${n}`,
          MessageDeduplicationId: `chat-msg-${n}`,
        }),
      );
    for (const n of [1, 2, 3, 4]) {
      await send(n);
      await new Promise((r) => setTimeout(r, 150));
    }
    await until(() => inFlight.size === 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(inFlight.size).toBe(3); // the fourth chat waits for a free slot
    release();
    await until(() => handled.length === 4);
    await poller.stop();

    expect(mostInFlight).toBe(3);
    expect(handled.sort()).toEqual(['chat-1', 'chat-2', 'chat-3', 'chat-4']);
    // One poll waits at a time: a message costs one receive, not one per idle slot woken by it.
    expect(receives).toBeLessThanOrEqual(6);
  });
});

describe('scheduler', () => {
  it('sends an EventBridge scheduled event for the minute', async () => {
    const events: unknown[] = [];
    const scheduler = startScheduler(
      [{ name: 'tick', area: 'scheduler', everyMinutes: 1 }],
      createInvoker({
        scheduler: async (e) => {
          events.push(e);
        },
      }),
    );
    await scheduler.tick(new Date('2030-01-01T10:05:42.123Z'));
    scheduler.stop();

    expect(events).toEqual([
      expect.objectContaining({
        'detail-type': 'Scheduled Event',
        source: 'aws.events',
        time: '2030-01-01T10:05:00Z',
        detail: {},
      }),
    ]);
    expect(scheduledEvent('tick', new Date(0)).resources[0]).toMatch(/:rule\/atende-local-tick$/);
  });
});
