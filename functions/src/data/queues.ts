/**
 * Queue entity: resolving ids to `{ id, name, color }`, the company's list (the workspace's queue
 * pickers, the ticket lists of an admin) and the queues page's create, edit and delete.
 *
 *   PK = C#<cid>#QUEUE#<queueId>   SK = QUEUE   { name, color, greetingMessage, outOfHoursMessage, orderQueue,
 *                                                integrationId, schedules }
 *   GSI1PK = C#<cid>#QUEUES        GSI1SK = <orderQueue, 4 digits, 9999 = none>#<queueId>   (the company's queues in menu order)
 *   count  PK = C#<cid>#COUNTER    SK = QUEUES   { count }   (plan queue limit in O(1), moved in the queue's transaction)
 *   colour PK = C#<cid>#QUEUECOLOR SK = <colour, lower case>  { queueId }   (ERR_QUEUE_COLOR_ALREADY_EXISTS, moved in the queue's transaction)
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { QueueDto, QueueRef, ScheduleEntry } from '@atende/shared';
import { ddb, tableName } from './client';
import { pad, tenantPk } from './keys';
import { batchGet, partitionQuery, queryAll } from './table-operations';
import { transactWrite } from './transactions';
import { ttlCache } from './ttl-cache';

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

/** How old a queue's name and colour on a realtime ticket event may be (docs/decisions.md "Inbound throughput, round 2"). */
export const RECENT_QUEUE_REF_MS = 5_000;
const recentRefs = ttlCache<QueueRef | undefined>(RECENT_QUEUE_REF_MS);

/**
 * AP-Q1 through a per-process cache (at most RECENT_QUEUE_REF_MS old; writes made in this process apply
 * at once): for the single ticket of an inbound message's events, which would otherwise read its queue
 * for every message. Pages read fresh with `getQueueRefs`.
 */
export async function getRecentQueueRefs(companyId: string, queueIds: string[]): Promise<QueueRef[]> {
  const refs = await Promise.all(
    [...new Set(queueIds)].map((id) =>
      recentRefs.get(`${companyId}#${id}`, async () => (await getQueueRefs(companyId, [id]))[0]),
    ),
  );
  return refs.filter((r): r is QueueRef => !!r);
}

/** A stored queue; queues written before the queues page may lack an integration and hours. */
export interface QueueRecord extends Omit<QueueDto, 'integrationId' | 'schedules'> {
  companyId: string;
  integrationId?: string | null;
  schedules?: ScheduleEntry[];
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
  recentRefs.forget(`${q.companyId}#${q.id}`);
}

const queueCounterKey = (companyId: string) => ({ PK: tenantPk(companyId, 'COUNTER'), SK: 'QUEUES' });

/** Transaction labels of the queue writes: which condition failed. */
export const QUEUE_WRITE = { queue: 'queue', limit: 'limit', color: 'color', oldColor: 'oldColor' } as const;

const colorKey = (companyId: string, color: string) => ({
  PK: tenantPk(companyId, 'QUEUECOLOR'),
  SK: color.trim().toLowerCase(),
});

/** Takes the colour for this queue: free, or already this queue's. */
const takeColor = (q: QueueRecord) => ({
  label: QUEUE_WRITE.color,
  item: {
    Put: {
      TableName: tableName(),
      Item: { ...colorKey(q.companyId, q.color), queueId: q.id },
      ConditionExpression: 'attribute_not_exists(PK) OR queueId = :me',
      ExpressionAttributeValues: { ':me': q.id },
    },
  },
});

/** Gives a colour back, unless another queue holds it (queues written before colours were locked). */
const releaseColor = (companyId: string, queueId: string, color: string) => ({
  label: QUEUE_WRITE.oldColor,
  item: {
    Delete: {
      TableName: tableName(),
      Key: colorKey(companyId, color),
      ConditionExpression: 'attribute_not_exists(PK) OR queueId = :me',
      ExpressionAttributeValues: { ':me': queueId },
    },
  },
});

/**
 * A new queue, its colour and the company's queue count in one transaction; the count moves only
 * while it is below `limit` (the plan's queues; null = no limit), so concurrent creations cannot pass
 * the plan, and two queues cannot take one colour.
 */
export async function insertQueue(q: QueueRecord, limit: number | null): Promise<void> {
  await transactWrite([
    {
      label: QUEUE_WRITE.queue,
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...queueKey(q.companyId, q.id), ...listIndex(q), entity: 'queue', ...q },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
    takeColor(q),
    {
      label: QUEUE_WRITE.limit,
      item: {
        Update: {
          TableName: tableName(),
          Key: queueCounterKey(q.companyId),
          UpdateExpression: 'ADD #count :one',
          ...(limit === null
            ? { ExpressionAttributeNames: { '#count': 'count' }, ExpressionAttributeValues: { ':one': 1 } }
            : {
                ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
                ExpressionAttributeNames: { '#count': 'count' },
                ExpressionAttributeValues: { ':one': 1, ':limit': limit },
              }),
        },
      },
    },
  ]);
  recentRefs.forget(`${q.companyId}#${q.id}`);
}

/** AP-Q3: how many queues the company has (the plan limit's counter). */
export async function countQueues(companyId: string): Promise<number> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: queueCounterKey(companyId), ConsistentRead: true }),
  );
  return Number(out.Item?.count ?? 0);
}

/** AP-Q2: every queue of a company in menu order (bounded by the plan's queue limit). */
export async function listQueues(companyId: string): Promise<QueueRecord[]> {
  return (await queryAll(partitionQuery({ attribute: 'GSI1PK', value: tenantPk(companyId, 'QUEUES'), index: 'GSI1' }))).map(
    ({ PK: _pk, SK: _sk, GSI1PK: _a, GSI1SK: _b, entity: _e, ...queue }) => queue as unknown as QueueRecord,
  );
}

/** AP-Q4: one queue by id (consistent: the page edits what it just read). */
export async function getQueue(companyId: string, queueId: string): Promise<QueueRecord | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: queueKey(companyId, queueId), ConsistentRead: true }),
  );
  if (!out.Item) return undefined;
  const { PK: _pk, SK: _sk, GSI1PK: _a, GSI1SK: _b, entity: _e, ...queue } = out.Item;
  return queue as QueueRecord;
}

/**
 * Replaces a queue as read at `before` (its `updatedAt` must not have moved: a concurrent edit fails
 * `queue`), moving its colour lock when the colour changed (`color`: another queue has it).
 */
export async function replaceQueue(before: QueueRecord, after: QueueRecord): Promise<void> {
  const colorChanged = before.color.trim().toLowerCase() !== after.color.trim().toLowerCase();
  await transactWrite([
    {
      label: QUEUE_WRITE.queue,
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...queueKey(after.companyId, after.id), ...listIndex(after), entity: 'queue', ...after },
          ConditionExpression: 'attribute_exists(PK) AND updatedAt = :prev',
          ExpressionAttributeValues: { ':prev': before.updatedAt },
        },
      },
    },
    takeColor(after),
    ...(colorChanged ? [releaseColor(before.companyId, before.id, before.color)] : []),
  ]);
  recentRefs.forget(`${after.companyId}#${after.id}`);
}

/**
 * Deletes a queue, gives its colour back and lowers the company's count, in one transaction. The count
 * never goes below 0 (`limit` fails; `counted: false` deletes a queue the count never saw).
 */
export async function removeQueue(q: QueueRecord, counted = true): Promise<void> {
  await transactWrite([
    {
      label: QUEUE_WRITE.queue,
      item: {
        Delete: {
          TableName: tableName(),
          Key: queueKey(q.companyId, q.id),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
    },
    releaseColor(q.companyId, q.id, q.color),
    ...(counted ? [lowerCount(q.companyId)] : []),
  ]);
  recentRefs.forget(`${q.companyId}#${q.id}`);
}

const lowerCount = (companyId: string) => ({
  label: QUEUE_WRITE.limit,
  item: {
    Update: {
      TableName: tableName(),
      Key: queueCounterKey(companyId),
      UpdateExpression: 'ADD #count :minus',
      ConditionExpression: 'attribute_exists(#count) AND #count > :zero',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
    },
  },
});

const recentIntegrations = ttlCache<string | null>(RECENT_QUEUE_REF_MS);

/**
 * AP-Q1 (projection `integrationId`) through a per-process cache: the integration a queue hands its
 * tickets to, asked by the inbound worker for every message of a waiting customer (domain/integrations).
 */
export function getRecentQueueIntegrationId(companyId: string, queueId: string): Promise<string | null> {
  return recentIntegrations.get(`${companyId}#${queueId}`, async () => {
    const out = await ddb().send(
      new GetCommand({ TableName: tableName(), Key: queueKey(companyId, queueId), ProjectionExpression: 'integrationId' }),
    );
    return (out.Item?.integrationId as string | null | undefined) ?? null;
  });
}
