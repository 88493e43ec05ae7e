/**
 * SQS batch processing with partial failures (STYLE.md habit 8). Only failed records return to the
 * queue. On a FIFO queue, a record that failed while processing also fails every later record of its
 * message group in the batch, so a connection's events are never applied out of order.
 * Records that cannot even be parsed do not hold their group back: they are garbage, not history,
 * and go to the dead-letter queue after `maxReceiveCount` receives. Different groups of a batch are
 * processed concurrently (GROUP_CONCURRENCY); records without a group (standard queues) are each
 * their own group.
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from './logger';

export interface BatchOptions<T> {
  /** The record's body as the consumer's event (it may reuse one parsed earlier for the same record). */
  parse: (body: string, record: SQSRecord) => T;
  process: (item: T, record: SQSRecord) => Promise<void>;
  /** What the logs call this consumer. */
  consumer: string;
}

/** Groups of one batch processed at the same time (one chat each on the inbound queue). */
const GROUP_CONCURRENCY = 10;

export async function processSqsBatch<T>(event: SQSEvent, options: BatchOptions<T>): Promise<SQSBatchResponse> {
  // Records of one FIFO group run in order; different groups (different chats) run side by side.
  const groups = new Map<string, SQSRecord[]>();
  for (const record of event.Records) {
    const group = record.attributes?.MessageGroupId ?? `record:${record.messageId}`;
    groups.set(group, [...(groups.get(group) ?? []), record]);
  }
  const failures = new Set<string>();
  const queue = [...groups.values()];
  const worker = async () => {
    for (let records = queue.shift(); records; records = queue.shift()) await processGroup(records, options, failures);
  };
  await Promise.all(Array.from({ length: Math.min(GROUP_CONCURRENCY, queue.length) }, worker));
  // Report in batch order (SQS does not care; logs and tests read better).
  return {
    batchItemFailures: event.Records.filter((r) => failures.has(r.messageId)).map((r) => ({ itemIdentifier: r.messageId })),
  };
}

async function processGroup<T>(records: SQSRecord[], options: BatchOptions<T>, failures: Set<string>): Promise<void> {
  let blocked = false;
  for (const record of records) {
    if (blocked) {
      failures.add(record.messageId);
      continue;
    }
    let item: T;
    try {
      item = options.parse(record.body, record);
    } catch (err) {
      logger.error('unparseable queue record', { consumer: options.consumer, messageId: record.messageId, err });
      failures.add(record.messageId);
      continue;
    }
    try {
      await options.process(item, record);
    } catch (err) {
      logger.error('queue record failed', { consumer: options.consumer, messageId: record.messageId, err });
      failures.add(record.messageId);
      blocked = !!record.attributes?.MessageGroupId;
    }
  }
}
