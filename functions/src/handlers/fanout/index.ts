/**
 * Realtime fan-out worker: the `realtime` FIFO queue (group = company). Records are grouped by
 * company in arrival order; a company whose delivery fails returns all its records of the batch to
 * the queue (at-least-once; see domain/fanout/fan-out.ts), the others are done.
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { fanOutCompany } from '../../domain/fanout/fan-out';
import { parseRealtimeQueueEvent } from '../../domain/fanout/fanout-event-schema';
import { logger } from '../../platform/logger';
import type { RealtimeQueueEvent } from '../../platform/realtime-publisher';

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: string[] = [];
  const byCompany = new Map<string, { records: SQSRecord[]; events: RealtimeQueueEvent[] }>();
  for (const record of event.Records) {
    let parsed: RealtimeQueueEvent;
    try {
      parsed = parseRealtimeQueueEvent(record.body);
    } catch (err) {
      logger.error('unparseable queue record', { consumer: 'fanout', messageId: record.messageId, err });
      failures.push(record.messageId);
      continue;
    }
    const group = byCompany.get(parsed.companyId) ?? { records: [], events: [] };
    group.records.push(record);
    group.events.push(parsed);
    byCompany.set(parsed.companyId, group);
  }
  await Promise.all(
    [...byCompany].map(async ([companyId, group]) => {
      try {
        await fanOutCompany(companyId, group.events);
      } catch (err) {
        logger.error('queue record failed', { consumer: 'fanout', companyId, err });
        failures.push(...group.records.map((r) => r.messageId));
      }
    }),
  );
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}
