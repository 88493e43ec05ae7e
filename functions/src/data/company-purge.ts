/**
 * Erasing a deleted company (issue 10: "deleting a company removes all of its data"): its items are
 * every tenant item (`PK` beginning `C#<cid>#`) plus every platform item that names it
 * (`companyId = <cid>`: directory entry, name lock, e-mail locks, user locators, API-token locks,
 * socket reverse items, shard sessions, Pix txids, leads, due entries, last-seen mark).
 *
 *   progress   PK = P#PURGE#<cid>   SK = PURGE   { purgedCompanyId, state, pass, cursor, passDeleted, deleted, totalsRemoved }
 *
 * Found by a paged Scan (AP-PURGE1) that a job walks off the request path: a tenant's partitions are
 * open-ended (one per ticket, connection, queue, search bucket…), so a scan is the one read that
 * cannot miss a family added later. The progress item names no `companyId`, so the scan never
 * matches it; it keeps the resume point, which makes a retried job continue instead of restart.
 */
import { GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { platformPk, tenantPk, ttlIn } from './keys';
import { batchWrite, type Item } from './table-operations';
import { platformTotalsWithout } from './invoices';
import { isConditionFailed, transactWrite, TransactionConditionFailed } from './transactions';

export interface PurgeProgress {
  purgedCompanyId: string;
  state: 'running' | 'done';
  /** Passes over the table; the purge ends with a pass that found nothing (writes in flight caught). */
  pass: number;
  cursor: Record<string, unknown> | null;
  passDeleted: number;
  deleted: number;
  totalsRemoved: boolean;
  startedAt: string;
  finishedAt: string | null;
}

const progressKey = (companyId: string) => ({ PK: platformPk('PURGE', companyId), SK: 'PURGE' });
const DONE_KEPT_SECONDS = 30 * 24 * 3600;

/** AP-PURGE2: where the purge of a company stands (undefined: never deleted). */
export async function getPurgeProgress(companyId: string): Promise<PurgeProgress | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: progressKey(companyId), ConsistentRead: true }),
  );
  if (!out.Item) return undefined;
  const { PK: _pk, SK: _sk, expiresAt: _e, ...progress } = out.Item;
  return progress as PurgeProgress;
}

/** Starts the purge once: false when it was already started (a repeated DELETE). */
export async function startPurge(companyId: string, now = new Date()): Promise<boolean> {
  const progress: PurgeProgress = {
    purgedCompanyId: companyId,
    state: 'running',
    pass: 1,
    cursor: null,
    passDeleted: 0,
    deleted: 0,
    totalsRemoved: false,
    startedAt: now.toISOString(),
    finishedAt: null,
  };
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...progressKey(companyId), entity: 'companyPurge', ...progress },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
}

export async function savePurgeProgress(progress: PurgeProgress): Promise<void> {
  const done = progress.state === 'done';
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...progressKey(progress.purgedCompanyId),
        entity: 'companyPurge',
        ...progress,
        ...(done ? { expiresAt: ttlIn(DONE_KEPT_SECONDS) } : {}),
      },
    }),
  );
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

export interface CompanyItemsPage {
  keys: { PK: string; SK: string }[];
  next: Record<string, unknown> | null;
}

/** AP-PURGE1: one page of the table's items that belong to the company (Scan + filter). */
export async function scanCompanyItems(
  companyId: string,
  cursor: Record<string, unknown> | null,
  limit = 1000,
): Promise<CompanyItemsPage> {
  const out = await ddb().send(
    new ScanCommand({
      TableName: tableName(),
      Limit: limit,
      ExclusiveStartKey: cursor ?? undefined,
      Select: 'SPECIFIC_ATTRIBUTES', // with PK, SK only: the one Scan IAM allows (infra: bindTableKeyScan)
      ProjectionExpression: 'PK, SK',
      FilterExpression: 'begins_with(PK, :prefix) OR companyId = :cid',
      ExpressionAttributeValues: { ':prefix': `${tenantPk(companyId)}#`, ':cid': companyId },
    }),
  );
  return {
    keys: (out.Items ?? []).map((item: Item) => ({ PK: String(item.PK), SK: String(item.SK) })),
    next: out.LastEvaluatedKey ?? null,
  };
}

export async function deleteItems(keys: { PK: string; SK: string }[]): Promise<void> {
  await batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));
}

/** A socket item of the company's partition: its SK is the API Gateway connection id. */
export const isCompanySocketKey = (companyId: string, key: { PK: string }) => key.PK === tenantPk(companyId, 'WS');
