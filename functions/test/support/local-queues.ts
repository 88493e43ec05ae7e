/**
 * The manifest's queues on an in-process SQS emulator (fauxqs, the one the local platform uses), with
 * the `QUEUE_URL_*` / `SQS_ENDPOINT` / `SESSION_SHARDS` env the functions read. `take(name)` receives
 * and deletes what is ready, so a test sees exactly what its own act step sent.
 */
import { DeleteMessageCommand, GetQueueAttributesCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { ulid } from 'ulid';
import { createQueues, startSqsEmulator } from '../../../infra/local/emulators/sqs-emulator';
import { queueSpecs, queueUrlEnv } from '../../src/manifest';
import { resetQueueClient } from '../../src/platform/queues';

export interface TakenMessage<T = any> {
  body: T;
  groupId?: string;
  deduplicationId?: string;
}

export async function useLocalQueues(shards = 2) {
  const emulator = await startSqsEmulator();
  process.env.SESSION_SHARDS = String(shards);
  process.env.SQS_ENDPOINT = emulator.endpoint;
  const queues = await createQueues(emulator.endpoint, queueSpecs(shards));
  for (const [name, queue] of queues) process.env[queueUrlEnv(name)] = queue.url;
  resetQueueClient();
  const sqs = new SQSClient({
    region: 'us-east-1',
    endpoint: emulator.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const urlOf = (name: string) => queues.get(name)!.url;

  return {
    async take<T = any>(name: string): Promise<TakenMessage<T>[]> {
      const taken: TakenMessage<T>[] = [];
      for (;;) {
        const out = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: urlOf(name),
            MaxNumberOfMessages: 10,
            WaitTimeSeconds: 0,
            MessageSystemAttributeNames: ['All'],
          }),
        );
        if (!out.Messages?.length) return taken;
        for (const m of out.Messages) {
          taken.push({
            body: JSON.parse(m.Body!),
            groupId: m.Attributes?.MessageGroupId,
            deduplicationId: m.Attributes?.MessageDeduplicationId,
          });
          await sqs.send(new DeleteMessageCommand({ QueueUrl: urlOf(name), ReceiptHandle: m.ReceiptHandle! }));
        }
      }
    },
    async delayedCount(name: string): Promise<number> {
      const out = await sqs.send(
        new GetQueueAttributesCommand({ QueueUrl: urlOf(name), AttributeNames: ['ApproximateNumberOfMessagesDelayed'] }),
      );
      return Number(out.Attributes?.ApproximateNumberOfMessagesDelayed ?? 0);
    },
    async stop() {
      sqs.destroy();
      await emulator.stop();
    },
  };
}

/** An SQS event as Lambda's event-source mapping delivers it (FIFO attributes when `groupId` is given). */
export function sqsEvent(records: { body: string; groupId?: string; messageId?: string }[]): SQSEvent {
  return {
    Records: records.map(({ body, groupId, messageId }): SQSRecord => ({
      messageId: messageId ?? ulid(),
      receiptHandle: 'test',
      body,
      attributes: {
        ApproximateReceiveCount: '1',
        SentTimestamp: String(Date.now()),
        SenderId: 'test',
        ApproximateFirstReceiveTimestamp: String(Date.now()),
        ...(groupId ? { MessageGroupId: groupId, MessageDeduplicationId: ulid() } : {}),
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:test',
      awsRegion: 'us-east-1',
    })),
  };
}
