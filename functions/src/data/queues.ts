/**
 * Queue entity — only the part the users area needs today: resolving a user's `queueIds` to
 * `{ id, name, color }`. The queues area (a later issue) owns and extends this module.
 *
 *   PK = C#<cid>#QUEUE#<queueId>   SK = QUEUE   { name, color }
 */
import type { QueueRef } from '@atende/shared';
import { batchGet } from './table-operations';
import { tenantPk } from './keys';

const queueKey = (companyId: string, queueId: string) => ({ PK: tenantPk(companyId, 'QUEUE', queueId), SK: 'QUEUE' });

/** AP-Q1: queues by id within one company; unknown ids are skipped. Order follows `queueIds`. */
export async function getQueueRefs(companyId: string, queueIds: string[]): Promise<QueueRef[]> {
  const ids = [...new Set(queueIds)];
  const found = new Map<string, QueueRef>();
  const items = await batchGet(ids.map((id) => queueKey(companyId, id)), {
    projection: 'PK, #name, color', names: { '#name': 'name' },
  });
  for (const item of items) {
    const id = String(item.PK).split('#').pop()!;
    found.set(id, { id, name: String(item.name ?? ''), color: String(item.color ?? '') });
  }
  return queueIds.filter((id, i) => queueIds.indexOf(id) === i && found.has(id)).map((id) => found.get(id)!);
}
