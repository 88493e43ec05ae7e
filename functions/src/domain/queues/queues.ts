/**
 * Queues (spec part 3 §2 "Queues page", §3 "Queue", §5, §8): the workspace's reads (GET /queue,
 * /queue/onschedule: with scheduleType 'queue' the pickers may list the queues of the user's schedule,
 * today every queue) and the admins' create, edit and delete. Rules the server keeps:
 * - the plan's `queues` bounds how many exist (ERR_QUEUE_LIMIT, moved in the queue's transaction);
 * - a colour belongs to one queue (ERR_QUEUE_COLOR_ALREADY_EXISTS, a lock item in the same transaction);
 * - with more than one queue every queue needs a greeting (ERR_WAPP_GREETING_REQUIRED): the menu the
 *   customer walks greets in each queue;
 * - an integration only on plans with useIntegration (ERR_FEATURE_UNAVAILABLE).
 * Every change reaches the company's consoles on `company-<cid>-queue`.
 */
import { ulid } from '@atende/shared/ids';
import type { QueueDto, QueueInput } from '@atende/shared';
import {
  countQueues,
  getQueue,
  insertQueue,
  listQueues,
  QUEUE_WRITE,
  removeQueue,
  replaceQueue,
  type QueueRecord,
} from '../../data/queues';
import { TransactionConditionFailed } from '../../data/transactions';
import { AppError } from '../../platform/app-error';
import { getPlanForCompany } from '../plans/plans';
import { publishQueue, publishQueueDeleted, toQueueDto } from './queue-events';
import { deleteMenuOf } from './queue-options';

export async function listCompanyQueues(companyId: string): Promise<QueueDto[]> {
  return (await listQueues(companyId)).map(toQueueDto); // AP-Q2
}

export async function listQueuesOnSchedule(companyId: string): Promise<QueueDto[]> {
  return listCompanyQueues(companyId);
}

/** A queue of the caller's company, or 404 (another company's id looks the same as a missing one). */
export async function getCompanyQueue(companyId: string, queueId: string): Promise<QueueRecord> {
  const queue = await getQueue(companyId, queueId); // AP-Q4
  if (!queue) throw new AppError('ERR_NOT_FOUND', 404);
  return queue;
}

export async function showQueue(companyId: string, queueId: string): Promise<QueueDto> {
  return toQueueDto(await getCompanyQueue(companyId, queueId));
}

/** The plan's queue limit and integration flag; no plan → no limit (a broken reference must not lock a company out). */
async function planRules(companyId: string): Promise<{ limit: number | null; useIntegration: boolean }> {
  const plan = await getPlanForCompany(companyId); // AP-C1, AP-P1
  return { limit: plan ? plan.queues : null, useIntegration: plan?.useIntegration ?? false };
}

function assertGreeting(input: QueueInput, queuesAfter: number): void {
  if (queuesAfter > 1 && !input.greetingMessage.trim()) throw new AppError('ERR_WAPP_GREETING_REQUIRED', 400);
}

function assertIntegration(input: QueueInput, useIntegration: boolean): void {
  if (input.integrationId && !useIntegration) throw new AppError('ERR_FEATURE_UNAVAILABLE', 400);
}

function writeError(err: unknown): never {
  if (err instanceof TransactionConditionFailed) {
    if (err.has(QUEUE_WRITE.color)) throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 400);
    if (err.has(QUEUE_WRITE.limit)) throw new AppError('ERR_QUEUE_LIMIT', 400);
    if (err.has(QUEUE_WRITE.queue)) throw new AppError('ERR_CONFLICT', 409);
  }
  throw err;
}

/** `POST /queue` (admins). */
export async function createQueue(companyId: string, input: QueueInput): Promise<QueueDto> {
  const [rules, count] = await Promise.all([planRules(companyId), countQueues(companyId)]); // AP-Q3
  assertGreeting(input, count + 1);
  assertIntegration(input, rules.useIntegration);
  const now = new Date().toISOString();
  const queue: QueueRecord = { id: ulid(), companyId, ...input, createdAt: now, updatedAt: now };
  try {
    await insertQueue(queue, rules.limit);
  } catch (err) {
    writeError(err);
  }
  const dto = toQueueDto(queue);
  await publishQueue(companyId, 'create', dto);
  return dto;
}

/** `PUT /queue/{id}` (admins): the whole queue as the dialog sends it. */
export async function updateQueue(companyId: string, queueId: string, input: QueueInput): Promise<QueueDto> {
  const [before, rules, count] = await Promise.all([
    getCompanyQueue(companyId, queueId),
    planRules(companyId),
    countQueues(companyId),
  ]);
  assertGreeting(input, count);
  // An integration the queue already had stays editable after a plan change; a new one needs the plan.
  if (input.integrationId !== (before.integrationId ?? null)) assertIntegration(input, rules.useIntegration);
  const after: QueueRecord = { ...before, ...input, updatedAt: new Date().toISOString() };
  try {
    await replaceQueue(before, after);
  } catch (err) {
    writeError(err);
  }
  const dto = toQueueDto(after);
  await publishQueue(companyId, 'update', dto);
  return dto;
}

/**
 * `DELETE /queue/{id}` (admins): the queue, its colour, its place in the count and its menu go. Its
 * tickets are not deleted: the caller moves them to "no queue" (domain/tickets/release-queue.ts),
 * where admins, and operators allowed to see tickets without a department, find them.
 */
export async function deleteQueue(companyId: string, queueId: string): Promise<QueueRecord> {
  const queue = await getCompanyQueue(companyId, queueId);
  try {
    await removeQueue(queue);
  } catch (err) {
    // A queue the count never saw (written before counting): delete it without lowering the count.
    if (!(err instanceof TransactionConditionFailed) || err.failed.join() !== QUEUE_WRITE.limit) writeError(err);
    await removeQueue(queue, false).catch(writeError);
  }
  await deleteMenuOf(companyId, queueId);
  await publishQueueDeleted(companyId, queueId);
  return queue;
}
