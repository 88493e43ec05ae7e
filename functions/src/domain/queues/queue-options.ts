/**
 * A queue's menu (spec part 3 §3 "QueueOption", §7 "/queue-options"): a tree of numbered options the
 * bot walks (domain/bots). Positions start at 1 and are unique among siblings (the customer types
 * the number); a new option takes the next free one. Deleting an option deletes its subtree. The
 * whole tree is one partition read (AP-QO1), bounded by QUEUE_OPTION_MAX_COUNT.
 */
import { ulid } from '@atende/shared/ids';
import {
  QUEUE_OPTION_MAX_COUNT,
  QUEUE_OPTION_MAX_DEPTH,
  TOP_LEVEL_PARENT,
  type QueueOptionCreateInput,
  type QueueOptionDto,
  type QueueOptionUpdateInput,
} from '@atende/shared';
import {
  deleteQueueOptions,
  getQueueOptionOwner,
  listQueueOptions,
  putQueueOption,
  type QueueOptionRecord,
} from '../../data/queue-options';
import { getQueue, type QueueRecord } from '../../data/queues';
import { AppError } from '../../platform/app-error';
import { publishQueue, toQueueDto } from './queue-events';

const toDto = ({ companyId: _c, ...o }: QueueOptionRecord): QueueOptionDto => ({
  id: o.id,
  queueId: o.queueId,
  parentId: o.parentId,
  title: o.title,
  message: o.message,
  option: o.option,
});

const notFound = () => new AppError('ERR_NOT_FOUND', 404);
const invalid = (field: string, rule: string) => new AppError('ERR_VALIDATION', 400, { fields: { [field]: rule } });

async function queueOf(companyId: string, queueId: string): Promise<QueueRecord> {
  const queue = await getQueue(companyId, queueId); // AP-Q4
  if (!queue) throw notFound();
  return queue;
}

/** Consoles showing the queue refresh its menu (the queue's own event: the menu is part of it). */
const menuChanged = async (companyId: string, queueId: string) => {
  const queue = await getQueue(companyId, queueId); // AP-Q4
  if (queue) await publishQueue(companyId, 'update', toQueueDto(queue));
};

const siblingsOf = (all: QueueOptionRecord[], parentId: string | null) =>
  all.filter((o) => o.parentId === parentId).sort((a, b) => a.option - b.option);

function depthOf(all: QueueOptionRecord[], parentId: string | null): number {
  let depth = 1;
  for (let id = parentId; id; id = all.find((o) => o.id === id)?.parentId ?? null) depth++;
  return depth;
}

/** `GET /queue-options?queueId&parentId` (-1 = top level): one level of the menu, by position. */
export async function listOptionLevel(companyId: string, queueId: string, parentId: string): Promise<QueueOptionDto[]> {
  await queueOf(companyId, queueId);
  const all = await listQueueOptions(companyId, queueId); // AP-QO1
  return siblingsOf(all, parentId === TOP_LEVEL_PARENT ? null : parentId).map(toDto);
}

/** `POST /queue-options`: under `parentId` (null = top level) at `option` or the next free position. */
export async function createOption(companyId: string, input: QueueOptionCreateInput): Promise<QueueOptionDto> {
  const queue = await queueOf(companyId, input.queueId);
  const all = await listQueueOptions(companyId, input.queueId); // AP-QO1
  if (input.parentId && !all.some((o) => o.id === input.parentId)) throw invalid('parentId', 'validation.invalid');
  if (all.length >= QUEUE_OPTION_MAX_COUNT) throw invalid('option', 'validation.queue.tooManyOptions');
  if (depthOf(all, input.parentId) > QUEUE_OPTION_MAX_DEPTH) throw invalid('parentId', 'validation.queue.tooDeep');
  const siblings = siblingsOf(all, input.parentId);
  const position = input.option ?? (siblings.at(-1)?.option ?? 0) + 1;
  if (siblings.some((o) => o.option === position)) throw invalid('option', 'validation.queue.optionTaken');
  const record: QueueOptionRecord = {
    id: ulid(),
    companyId,
    queueId: input.queueId,
    parentId: input.parentId,
    title: input.title,
    message: input.message,
    option: position,
  };
  await putQueueOption(record);
  await publishQueue(companyId, 'update', toQueueDto(queue));
  return toDto(record);
}

async function findOption(companyId: string, optionId: string) {
  const queueId = await getQueueOptionOwner(companyId, optionId); // AP-QO3
  if (!queueId) throw notFound();
  const all = await listQueueOptions(companyId, queueId); // AP-QO1
  const option = all.find((o) => o.id === optionId);
  if (!option) throw notFound();
  return { option, all };
}

/** `PUT /queue-options/{id}`: title, message and position (unique among its siblings). */
export async function updateOption(
  companyId: string,
  optionId: string,
  input: QueueOptionUpdateInput,
): Promise<QueueOptionDto> {
  const { option, all } = await findOption(companyId, optionId);
  const position = input.option ?? option.option;
  if (siblingsOf(all, option.parentId).some((o) => o.id !== option.id && o.option === position))
    throw invalid('option', 'validation.queue.optionTaken');
  const record: QueueOptionRecord = { ...option, title: input.title, message: input.message, option: position };
  await putQueueOption(record);
  await menuChanged(companyId, option.queueId);
  return toDto(record);
}

/** `DELETE /queue-options/{id}`: the option and everything under it. */
export async function deleteOption(companyId: string, optionId: string): Promise<void> {
  const { option, all } = await findOption(companyId, optionId);
  const doomed = new Set([option.id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const o of all)
      if (o.parentId && doomed.has(o.parentId) && !doomed.has(o.id)) {
        doomed.add(o.id);
        grew = true;
      }
  }
  await deleteQueueOptions(companyId, option.queueId, [...doomed]);
  await menuChanged(companyId, option.queueId);
}

/** A deleted queue's whole menu. */
export async function deleteMenuOf(companyId: string, queueId: string): Promise<void> {
  const all = await listQueueOptions(companyId, queueId); // AP-QO1
  if (all.length)
    await deleteQueueOptions(
      companyId,
      queueId,
      all.map((o) => o.id),
    );
}
