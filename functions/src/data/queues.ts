/**
 * Queue entity: resolving ids to `{ id, name, color }`, the company's list (the workspace's queue
 * pickers, the ticket lists of an admin) and creating queues (seed; the queues admin issue adds the rest).
 *
 *   PK = C#<cid>#QUEUE#<queueId>   SK = QUEUE   { name, color, greetingMessage, outOfHoursMessage, orderQueue }
 *   GSI1PK = C#<cid>#QUEUES        GSI1SK = <orderQueue, 4 digits, 9999 = none>#<queueId>   (the company's queues in menu order)
 */
import { BatchGetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { QueueDto, QueueRef } from '@atende/shared';
import { ddb, tableName } from './client';
import { pad, tenantPk } from './keys';

const queueKey = (companyId: string, queueId: string) => ({ PK: tenantPk(companyId, 'QUEUE', queueId), SK: 'QUEUE' });

/** AP-Q1: queues by id within one company; unknown ids are skipped. Order follows `queueIds`. */
export async function getQueueRefs(companyId: string, queueIds: string[]): Promise<QueueRef[]> {
  const ids = [...new Set(queueIds)];
  const found = new Map<string, QueueRef>();
  for (let i = 0; i < ids.length; i += 100) {
    let keys: Record<string, unknown>[] = ids.slice(i, i + 100).map((id) => queueKey(companyId, id));
    for (let attempt = 0; keys.length; attempt++) {
      const out = await ddb().send(new BatchGetCommand({
        RequestItems: { [tableName()]: { Keys: keys, ProjectionExpression: 'PK, #name, color', ExpressionAttributeNames: { '#name': 'name' } } },
      }));
      for (const item of out.Responses?.[tableName()] ?? []) {
        const id = String(item.PK).split('#').pop()!;
        found.set(id, { id, name: String(item.name ?? ''), color: String(item.color ?? '') });
      }
      keys = (out.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Record<string, unknown>[];
      if (keys.length) await new Promise((res) => setTimeout(res, 50 * 2 ** Math.min(attempt, 5)));
    }
  }
  return queueIds.filter((id, i) => queueIds.indexOf(id) === i && found.has(id)).map((id) => found.get(id)!);
}

export interface QueueRecord extends QueueDto { companyId: string }

const listIndex = (q: QueueRecord) => ({ GSI1PK: tenantPk(q.companyId, 'QUEUES'), GSI1SK: `${pad(q.orderQueue ?? 9999, 4)}#${q.id}` });

export async function putQueue(q: QueueRecord): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...queueKey(q.companyId, q.id), ...listIndex(q), entity: 'queue', ...q } }));
}

/** AP-Q2: every queue of a company in menu order (bounded by the plan's queue limit). */
export async function listQueues(companyId: string): Promise<QueueRecord[]> {
  const out: QueueRecord[] = [];
  let after: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(new QueryCommand({
      TableName: tableName(), IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': tenantPk(companyId, 'QUEUES') }, ExclusiveStartKey: after,
    }));
    for (const item of page.Items ?? []) {
      const { PK: _pk, SK: _sk, GSI1PK: _a, GSI1SK: _b, entity: _e, ...queue } = item;
      out.push(queue as unknown as QueueRecord);
    }
    after = page.LastEvaluatedKey;
  } while (after);
  return out;
}
