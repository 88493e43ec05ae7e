/**
 * A failed record of a chat's queue comes back in seconds (platform/sqs-retry-backoff.ts): the delay
 * by receive count, the wrapper's choice of records, and the real visibility change on the emulator.
 */
import { GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queueSpecs, queueUrlEnv } from '../src/manifest';
import {
  LONGEST_RETRY_SECONDS,
  retryDelaySeconds,
  visibilityBackoff,
  withRetryBackoff,
} from '../src/platform/sqs-retry-backoff';
import { sqsEvent, useLocalQueues } from './support/local-queues';

describe('retry delay', () => {
  it('is 5 s after the first receive, three times longer each time, at most the queue timeout', () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelaySeconds)).toEqual([5, 15, 45, 60, 60, 60]);
    expect(retryDelaySeconds(Number(undefined))).toBe(5);
  });

  it.each(['inbound', 'realtime'])('keeps %s within its queue: capped at its timeout, ≥ 2 min before the DLQ', (name) => {
    const spec = queueSpecs(1).find((q) => q.name === name)!;
    expect(LONGEST_RETRY_SECONDS).toBe(spec.visibilityTimeoutSeconds);
    const beforeDeadLetter = Array.from({ length: spec.maxReceiveCount - 1 }, (_, n) => retryDelaySeconds(n + 1));
    expect(beforeDeadLetter.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(120);
  });
});

describe('withRetryBackoff', () => {
  const event = sqsEvent([{ body: 'a' }, { body: 'b' }, { body: 'c' }]);
  const [a, , c] = event.Records as [SQSRecord, SQSRecord, SQSRecord];

  it('schedules exactly the records the handler reported failed, then answers its response', async () => {
    const schedule = vi.fn(async () => undefined);
    const response = { batchItemFailures: [{ itemIdentifier: c.messageId }, { itemIdentifier: a.messageId }] };
    const handler = withRetryBackoff(async () => response, schedule);
    expect(await handler(event)).toBe(response);
    expect(schedule).toHaveBeenCalledOnce();
    expect(schedule.mock.calls[0]).toEqual([[a, c]]);
  });

  it('schedules nothing when the batch succeeded', async () => {
    const schedule = vi.fn(async () => undefined);
    await withRetryBackoff(async () => ({ batchItemFailures: [] }), schedule)(event);
    expect(schedule).not.toHaveBeenCalled();
  });
});

describe('visibilityBackoff on the SQS emulator', () => {
  let queues: Awaited<ReturnType<typeof useLocalQueues>>;
  let sqs: SQSClient;
  beforeAll(async () => {
    queues = await useLocalQueues(1);
    sqs = new SQSClient({
      region: 'us-east-1',
      endpoint: process.env.SQS_ENDPOINT,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  });
  afterAll(async () => {
    sqs.destroy();
    await queues.stop();
  });

  it('a failed inbound record is handed out again about 5 s later instead of after the 60 s timeout', async () => {
    const QueueUrl = process.env[queueUrlEnv('inbound')]!;
    const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['QueueArn'] }));
    await sqs.send(
      new SendMessageCommand({ QueueUrl, MessageBody: 'chat', MessageGroupId: 'chat-1', MessageDeduplicationId: 'm1' }),
    );
    const receive = async (WaitTimeSeconds: number) =>
      (
        await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl,
            WaitTimeSeconds,
            MaxNumberOfMessages: 1,
            MessageSystemAttributeNames: ['All'],
          }),
        )
      ).Messages?.[0];
    const first = (await receive(1))!;
    expect(first.Attributes?.ApproximateReceiveCount).toBe('1');
    const record = {
      ...sqsEvent([{ body: 'chat', messageId: first.MessageId! }]).Records[0]!,
      receiptHandle: first.ReceiptHandle!,
      eventSourceARN: Attributes!.QueueArn!,
    };
    const failing = withRetryBackoff(
      async (e: SQSEvent) => ({ batchItemFailures: e.Records.map((r) => ({ itemIdentifier: r.messageId })) }),
      visibilityBackoff,
    );
    const failedAt = Date.now();
    await failing({ Records: [record] });

    expect(await receive(2), 'still hidden right after the failure').toBeUndefined();
    const again = await receive(10);
    const hiddenMs = Date.now() - failedAt;
    expect(again?.MessageId).toBe(first.MessageId);
    expect(again?.Attributes?.ApproximateReceiveCount).toBe('2');
    expect(hiddenMs).toBeGreaterThanOrEqual(4_000);
    expect(hiddenMs).toBeLessThan(12_000);
  }, 30_000);
});
