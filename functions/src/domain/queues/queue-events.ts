/** The queue as the API answers it, and `company-<cid>-queue` (spec part 3 "Real-time channels"). */
import { DEFAULT_QUEUE_SCHEDULES, type QueueDto } from '@atende/shared';
import type { QueueRecord } from '../../data/queues';
import { publish } from '../../platform/realtime-publisher';

export const toQueueDto = ({ companyId: _c, ...q }: QueueRecord): QueueDto => ({
  id: q.id,
  name: q.name,
  color: q.color,
  greetingMessage: q.greetingMessage ?? '',
  outOfHoursMessage: q.outOfHoursMessage ?? '',
  orderQueue: q.orderQueue ?? null,
  integrationId: q.integrationId ?? null,
  schedules: q.schedules ?? DEFAULT_QUEUE_SCHEDULES.map((e) => ({ ...e })),
  createdAt: q.createdAt,
  updatedAt: q.updatedAt,
});

/** A queue or its menu changed: every console of the company refreshes it. */
export const publishQueue = (companyId: string, action: 'create' | 'update', queue: QueueDto) =>
  publish(companyId, 'queue', { action, queue }, { kind: 'company' });

export const publishQueueDeleted = (companyId: string, queueId: string) =>
  publish(companyId, 'queue', { action: 'delete', queueId }, { kind: 'company' });
