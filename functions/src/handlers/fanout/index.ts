/**
 * Realtime fan-out worker: the `realtime` FIFO queue (group = the ticket, contact or company,
 * platform/realtime-order.ts). A batch is split by company (its sockets are read once) and, within
 * it, by FIFO group: one group's records are delivered in order, different groups side by side. A
 * group whose delivery fails returns all its records of the batch to the queue (at-least-once; see
 * domain/fanout/fan-out.ts); other groups are done.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { fanOutCompany, type OrderedEvents } from '../../domain/fanout/fan-out';
import { parseRealtimeQueueEvent } from '../../domain/fanout/fanout-event-schema';
import { queueWebhookDeliveries } from '../../domain/webhooks/webhook-events';
import { logger } from '../../platform/logger';
import { visibilityBackoff, withRetryBackoff } from '../../platform/sqs-retry-backoff';
import type { RealtimeQueueEvent } from '../../platform/realtime-publisher';

async function handleBatch(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: string[] = [];
  const byCompany = new Map<string, Map<string, OrderedEvents>>();
  for (const record of event.Records) {
    let parsed: RealtimeQueueEvent;
    try {
      parsed = parseRealtimeQueueEvent(record.body);
    } catch (err) {
      logger.error('unparseable queue record', { consumer: 'fanout', messageId: record.messageId, err });
      failures.push(record.messageId);
      continue;
    }
    const groups = byCompany.get(parsed.companyId) ?? new Map<string, OrderedEvents>();
    const key = record.attributes?.MessageGroupId ?? parsed.companyId;
    const group = groups.get(key) ?? { ids: [], events: [] };
    group.ids.push(record.messageId);
    group.events.push(parsed);
    groups.set(key, group);
    byCompany.set(parsed.companyId, groups);
  }
  await Promise.all(
    [...byCompany].map(async ([companyId, groups]) => {
      const all = [...groups.values()];
      const [failed, webhooksQueued] = await Promise.all([
        fanOutCompany(companyId, all).catch((err: unknown) => {
          logger.error('queue record failed', { consumer: 'fanout', companyId, err });
          return all;
        }),
        // The company webhook's seam: its ticket and message events become delivery jobs.
        queueWebhookDeliveries(all.flatMap((group) => group.events)).then(
          () => true,
          (err: unknown) => {
            logger.error('webhook deliveries not queued', { consumer: 'fanout', companyId, err });
            return false;
          },
        ),
      ]);
      for (const group of webhooksQueued ? failed : all) failures.push(...group.ids);
    }),
  );
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}

/** A failed group is retried in seconds, not after the queue's timeout (platform/sqs-retry-backoff.ts). */
export const handler = withRetryBackoff(handleBatch, visibilityBackoff);
