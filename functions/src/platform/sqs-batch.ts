/**
 * SQS batch processing with partial failures (STYLE.md habit 8). Only failed records return to the
 * queue. On a FIFO queue, a record that failed while processing also fails every later record of its
 * message group in the batch, so a connection's events are never applied out of order.
 * Records that cannot even be parsed do not hold their group back: they are garbage, not history,
 * and go to the dead-letter queue after `maxReceiveCount` receives.
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from './logger';

export interface BatchOptions<T> {
  parse: (body: string) => T;
  process: (item: T, record: SQSRecord) => Promise<void>;
  /** What the logs call this consumer. */
  consumer: string;
}

export async function processSqsBatch<T>(event: SQSEvent, options: BatchOptions<T>): Promise<SQSBatchResponse> {
  const failures: string[] = [];
  const blockedGroups = new Set<string>();
  for (const record of event.Records) {
    const group = record.attributes?.MessageGroupId;
    if (group && blockedGroups.has(group)) {
      failures.push(record.messageId);
      continue;
    }
    let item: T;
    try {
      item = options.parse(record.body);
    } catch (err) {
      logger.error('unparseable queue record', { consumer: options.consumer, messageId: record.messageId, err });
      failures.push(record.messageId);
      continue;
    }
    try {
      await options.process(item, record);
    } catch (err) {
      logger.error('queue record failed', { consumer: options.consumer, messageId: record.messageId, err });
      failures.push(record.messageId);
      if (group) blockedGroups.add(group);
    }
  }
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}
