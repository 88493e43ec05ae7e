/**
 * Erasing a deleted company (issue 10: "deleting a company removes all of its data") without a Scan:
 * the purge walks the company's own partitions (company-partitions.ts says how each kind is reached),
 * O(company) whatever the size of the table, in slices that each fit the dispatch function's timeout.
 *
 *   progress   PK = P#PURGE#<cid>   SK = PURGE                         { purgedCompanyId, state, pass, seededPass, rev, connectionIds, userIds, passDeleted, deleted, totalsRemoved }
 *   to do      PK = P#PURGE#<cid>   SK = TODO#<pass>#<T|GSI1|GSI2>#<pk> { pk, index?, after? }   a partition still to empty (or index list to read)
 *   seen       PK = P#PURGE#<cid>   SK = SEEN#<pass>#<T|GSI1|GSI2>#<pk>                          put with its to-do in one transaction: each partition once a pass
 *
 * A pass starts from the seeds (fixed partitions, the connections and users kept at deletion); each
 * page read registers the partitions its items name, then deletes the items. A table partition is
 * read from its start again after each page (what was read is gone), so only index lists keep a
 * cursor. The purge ends with a pass that deleted nothing (writes in flight caught). The to-do and
 * seen items expire by TTL; the progress item names no `companyId` and outlives them (30 days).
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import type { PartitionRef, TableKey } from './company-partitions';
import { pad, platformPk, ttlIn } from './keys';
import { platformTotalsWithout } from './invoices';
import { batchWrite, queryPage, type Item } from './table-operations';
import {
  isConditionFailed,
  transactWrite,
  TransactionConditionFailed,
  type LabelledItem,
  writeIfCondition,
} from './transactions';

export interface PurgeProgress {
  purgedCompanyId: string;
  state: 'running' | 'done';
  /** Walks over the company; the purge ends with a pass that found nothing. */
  pass: number;
  /** The pass whose seeds are registered. */
  seededPass: number;
  /** Moves with every save: two runs at once (a redelivery) cannot both go on. */
  rev: number;
  /** Kept when the company was deleted (their own items went in the request; their partitions remain). */
  connectionIds: string[];
  userIds: string[];
  passDeleted: number;
  deleted: number;
  totalsRemoved: boolean;
  startedAt: string;
  finishedAt: string | null;
}

/** A partition on the to-do list, and where an index list was left. */
export interface PurgeTodo extends PartitionRef {
  after?: Record<string, unknown>;
}

const purgePk = (companyId: string) => platformPk('PURGE', companyId);
const progressKey = (companyId: string) => ({ PK: purgePk(companyId), SK: 'PURGE' });
const passPrefix = (kind: 'TODO' | 'SEEN', pass: number) => `${kind}#${pad(pass, 3)}#`;
const refSk = (kind: 'TODO' | 'SEEN', pass: number, ref: PartitionRef) =>
  `${passPrefix(kind, pass)}${ref.index ?? 'T'}#${ref.pk}`;
const DONE_KEPT_SECONDS = 30 * 24 * 3600;
const WALK_KEPT_SECONDS = 30 * 24 * 3600;
/** References registered per transaction (2 items each, ≤ 100 items a transaction). */
const REFS_PER_TRANSACTION = 50;

/** AP-PURGE2: where the purge of a company stands (undefined: never deleted). */
export async function getPurgeProgress(companyId: string): Promise<PurgeProgress | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: progressKey(companyId), ConsistentRead: true }),
  );
  if (!out.Item) return undefined;
  const { PK: _pk, SK: _sk, expiresAt: _e, entity: _en, ...progress } = out.Item;
  // A purge started before the walk (a Scan cursor): it goes on as a walk from its current pass.
  return { rev: 0, seededPass: 0, connectionIds: [], userIds: [], ...progress } as unknown as PurgeProgress;
}

/** Starts the purge once: false when it was already started (a repeated DELETE). */
export async function startPurge(
  companyId: string,
  kept: Pick<PurgeProgress, 'connectionIds' | 'userIds'>,
  now = new Date(),
): Promise<boolean> {
  const progress: PurgeProgress = {
    purgedCompanyId: companyId,
    state: 'running',
    pass: 1,
    seededPass: 0,
    rev: 0,
    ...kept,
    passDeleted: 0,
    deleted: 0,
    totalsRemoved: false,
    startedAt: now.toISOString(),
    finishedAt: null,
  };
  return writeIfCondition(() =>
    ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...progressKey(companyId), entity: 'companyPurge', ...progress },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ),
  );
}

/**
 * Saves the progress if nobody saved since it was read (`rev`), and returns it with its new `rev`;
 * undefined when another run moved it meanwhile (that run goes on, this one stops).
 */
export async function savePurgeProgress(progress: PurgeProgress): Promise<PurgeProgress | undefined> {
  const saved = { ...progress, rev: progress.rev + 1 };
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...progressKey(progress.purgedCompanyId),
          entity: 'companyPurge',
          ...saved,
          ...(saved.state === 'done' ? { expiresAt: ttlIn(DONE_KEPT_SECONDS) } : {}),
        },
        ConditionExpression: progress.rev ? 'rev = :rev' : 'attribute_not_exists(rev) OR rev = :rev',
        ExpressionAttributeValues: { ':rev': progress.rev },
      }),
    );
    return saved;
  } catch (err) {
    if (isConditionFailed(err)) return undefined;
    throw err;
  }
}

/**
 * Takes the company's invoices out of the platform's pending/paid totals, once: the progress flag
 * moves in the same transaction (a retried job finds it set and changes nothing).
 */
export async function removeFromPlatformTotals(companyId: string): Promise<void> {
  try {
    await transactWrite([
      {
        label: 'progress',
        item: {
          Update: {
            TableName: tableName(),
            Key: progressKey(companyId),
            UpdateExpression: 'SET totalsRemoved = :t',
            ConditionExpression: 'totalsRemoved = :f',
            ExpressionAttributeValues: { ':t': true, ':f': false },
          },
        },
      },
      await platformTotalsWithout(companyId),
    ]);
  } catch (err) {
    if (!(err instanceof TransactionConditionFailed && err.has('progress'))) throw err;
  }
}

/**
 * Puts the partitions not seen yet in this pass on the to-do list: seen marker (`attribute_not_exists`)
 * and to-do in one transaction, so a partition is never marked seen without being listed.
 */
export async function addPurgePartitions(companyId: string, pass: number, refs: PartitionRef[]): Promise<void> {
  for (let start = 0; start < refs.length; start += REFS_PER_TRANSACTION) {
    let pending = refs.slice(start, start + REFS_PER_TRANSACTION);
    while (pending.length) {
      try {
        await transactWrite(pending.flatMap((ref, i) => seenAndTodo(companyId, pass, ref, i)));
        pending = [];
      } catch (err) {
        if (!(err instanceof TransactionConditionFailed)) throw err;
        pending = pending.filter((_, i) => !err.has(`seen:${i}`)); // already listed this pass
      }
    }
  }
}

function seenAndTodo(companyId: string, pass: number, ref: PartitionRef, i: number): LabelledItem[] {
  const expiresAt = ttlIn(WALK_KEPT_SECONDS);
  const walkItem = (kind: 'TODO' | 'SEEN') => ({ PK: purgePk(companyId), SK: refSk(kind, pass, ref), expiresAt });
  return [
    {
      label: `seen:${i}`,
      item: {
        Put: { TableName: tableName(), Item: walkItem('SEEN'), ConditionExpression: 'attribute_not_exists(PK)' },
      },
    },
    { label: `todo:${i}`, item: { Put: { TableName: tableName(), Item: { ...walkItem('TODO'), ...ref } } } },
  ];
}

/** AP-PURGE3: the next partition on the pass's to-do list (undefined: the pass is over). */
export async function nextPurgeTodo(companyId: string, pass: number): Promise<PurgeTodo | undefined> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :todo)',
      ExpressionAttributeValues: { ':pk': purgePk(companyId), ':todo': passPrefix('TODO', pass) },
      ConsistentRead: true,
      Limit: 1,
    }),
  );
  const item = out.Items?.[0];
  if (!item) return undefined;
  return {
    pk: String(item.pk),
    ...(item.index ? { index: item.index as PurgeTodo['index'] } : {}),
    ...(item.after ? { after: item.after as Record<string, unknown> } : {}),
  };
}

/** The partition is empty (or the list read to its end): off the to-do list. */
export async function finishPurgeTodo(companyId: string, pass: number, todo: PurgeTodo): Promise<void> {
  await ddb().send(
    new DeleteCommand({ TableName: tableName(), Key: { PK: purgePk(companyId), SK: refSk('TODO', pass, todo) } }),
  );
}

/** Where an index list was left, for the next page. */
export async function keepPurgeTodoCursor(companyId: string, pass: number, todo: PurgeTodo): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { PK: purgePk(companyId), SK: refSk('TODO', pass, todo), ...todo, expiresAt: ttlIn(WALK_KEPT_SECONDS) },
    }),
  );
}

/**
 * AP-PURGE1: one page of a to-do partition — a table partition from its start (strongly consistent:
 * what the last page deleted is gone), or an index list from where it was left.
 */
export async function readPurgePage(todo: PurgeTodo, limit: number): Promise<{ items: Item[]; next?: Item }> {
  const attribute = todo.index ? `${todo.index}PK` : 'PK';
  const out = await queryPage(
    {
      ...(todo.index ? { IndexName: todo.index } : { ConsistentRead: true }),
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': attribute },
      ExpressionAttributeValues: { ':pk': todo.pk },
    },
    { limit, after: todo.index ? todo.after : undefined },
  );
  return { items: out.items, ...(out.next ? { next: out.next } : {}) };
}

export async function deleteItems(keys: TableKey[]): Promise<void> {
  await batchWrite(keys.map(({ PK, SK }) => ({ DeleteRequest: { Key: { PK, SK } } })));
}

/** Platform items (locks, lookups) go only while they still name the company: a lock taken since by another stays. */
export async function deletePlatformItemsOf(companyId: string, keys: TableKey[]): Promise<void> {
  await Promise.all(
    keys.map(async (Key) => {
      try {
        await ddb().send(
          new DeleteCommand({
            TableName: tableName(),
            Key,
            ConditionExpression: 'companyId = :cid',
            ExpressionAttributeValues: { ':cid': companyId },
          }),
        );
      } catch (err) {
        if (!isConditionFailed(err)) throw err;
      }
    }),
  );
}
