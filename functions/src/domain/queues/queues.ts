/**
 * GET /queue and GET /queue/onschedule (spec part 1 §6: with scheduleType 'queue' the transfer and
 * new-ticket pickers list the queues of the user's schedule, otherwise all queues).
 * Business hours arrive with the bots; until then every queue counts as on schedule.
 */
import { ulid } from '@atende/shared/ids';
import type { QueueDto, QueueInput } from '@atende/shared';
import { insertQueue, listQueues, QUEUE_WRITE, type QueueRecord } from '../../data/queues';
import { TransactionConditionFailed } from '../../data/transactions';
import { AppError } from '../../platform/app-error';
import { getPlanForCompany } from '../plans/plans';

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

/** The plan's queue limit; no plan → no limit (a broken reference must not lock a company out). */
async function queueLimit(companyId: string): Promise<number | null> {
  const plan = await getPlanForCompany(companyId); // AP-C1, AP-P1
  return plan ? plan.queues : null;
}

/** `POST /queue` (admins): a new queue, refused with ERR_QUEUE_LIMIT once the plan's `queues` exist. */
export async function createQueue(companyId: string, input: QueueInput): Promise<QueueDto> {
  const now = new Date().toISOString();
  const queue: QueueRecord = { id: ulid(), companyId, ...input, createdAt: now, updatedAt: now };
  try {
    await insertQueue(queue, await queueLimit(companyId));
  } catch (err) {
    if (err instanceof TransactionConditionFailed && err.has(QUEUE_WRITE.limit)) throw new AppError('ERR_QUEUE_LIMIT', 400);
    throw err;
  }
  return toDto(queue);
}
