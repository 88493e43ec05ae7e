/**
 * Queue entity: resolving ids to `{ id, name, color }`, the company's list (the workspace's queue
 * pickers, the ticket lists of an admin) and creating queues (seed; the queues admin issue adds the rest).
 *
 *   PK = C#<cid>#QUEUE#<queueId>   SK = QUEUE   { name, color, greetingMessage, outOfHoursMessage, orderQueue }
 *   GSI1PK = C#<cid>#QUEUES        GSI1SK = <orderQueue, 4 digits, 9999 = none>#<queueId>   (the company's queues in menu order)
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { QueueDto, QueueRef } from '@atende/shared';
import { ddb, tableName } from './client';
import { pad, tenantPk } from './keys';
import { queryWholePartition } from './partition';
import { batchGet } from './table-operations';

const queueKey = (companyId: string, queueId: string) => ({ PK: tenantPk(companyId, 'QUEUE', queueId), SK: 'QUEUE' });

/** AP-Q1: queues by id within one company; unknown ids are skipped. Order follows `queueIds`. */
export async function getQueueRefs(companyId: string, queueIds: string[]): Promise<QueueRef[]> {
  const ids = [...new Set(queueIds)];
  const found = new Map<string, QueueRef>();
  const items = await batchGet(
    ids.map((id) => queueKey(companyId, id)),
    {
      projection: 'PK, #name, color',
      names: { '#name': 'name' },
    },
  );
  for (const item of items) {
    const id = String(item.PK).split('#').pop()!;
    found.set(id, { id, name: String(item.name ?? ''), color: String(item.color ?? '') });
  }
  return queueIds.filter((id, i) => queueIds.indexOf(id) === i && found.has(id)).map((id) => found.get(id)!);
}

export interface QueueRecord extends QueueDto {
  companyId: string;
}

const listIndex = (q: QueueRecord) => ({
  GSI1PK: tenantPk(q.companyId, 'QUEUES'),
  GSI1SK: `${pad(q.orderQueue ?? 9999, 4)}#${q.id}`,
});

export async function putQueue(q: QueueRecord): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...queueKey(q.companyId, q.id), ...listIndex(q), entity: 'queue', ...q },
    }),
  );
}

/** AP-Q2: every queue of a company in menu order (bounded by the plan's queue limit). */
export async function listQueues(companyId: string): Promise<QueueRecord[]> {
  return (await queryWholePartition(tenantPk(companyId, 'QUEUES'), 'GSI1')).map(
    ({ PK: _pk, SK: _sk, GSI1PK: _a, GSI1SK: _b, entity: _e, ...queue }) => queue as unknown as QueueRecord,
  );
}
