/**
 * Queue entity — only the part the users area needs today: resolving a user's `queueIds` to
 * `{ id, name, color }`. The queues area (a later issue) owns and extends this module.
 *
 *   PK = C#<cid>#QUEUE#<queueId>   SK = QUEUE   { name, color }
 */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { QueueRef } from '@atende/shared';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';

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
