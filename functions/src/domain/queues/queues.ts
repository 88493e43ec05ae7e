/**
 * GET /queue and GET /queue/onschedule (spec part 1 §6: with scheduleType 'queue' the transfer and
 * new-ticket pickers list the queues of the user's schedule, otherwise all queues).
 * Business hours arrive with the bots; until then every queue counts as on schedule.
 */
import type { QueueDto } from '@atende/shared';
import { listQueues, type QueueRecord } from '../../data/queues';

const toDto = ({ companyId: _c, ...q }: QueueRecord): QueueDto => ({
  id: q.id,
  name: q.name,
  color: q.color,
  greetingMessage: q.greetingMessage ?? '',
  outOfHoursMessage: q.outOfHoursMessage ?? '',
  orderQueue: q.orderQueue ?? null,
  createdAt: q.createdAt,
  updatedAt: q.updatedAt,
});

export async function listCompanyQueues(companyId: string): Promise<QueueDto[]> {
  return (await listQueues(companyId)).map(toDto); // AP-Q2
}

export async function listQueuesOnSchedule(companyId: string): Promise<QueueDto[]> {
  return listCompanyQueues(companyId);
}
