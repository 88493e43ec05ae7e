/**
 * Due work: jobs (scheduled messages, campaign shippings …) indexed by the minute they fall due, so
 * the one-minute tick reads exactly the minutes it has not covered — including every minute of an
 * outage (ARCHITECTURE.md "Schedules never missed").
 *
 *   due entry   PK = P#DUE#<yyyy-mm-ddThh:mm>#<nn>   SK = <cid>#<jobType>#<jobId>   { companyId, jobType, jobId, dueAt }
 *               GSI1PK = C#<cid>#DUEJOBS             GSI1SK = <yyyy-mm-ddThh:mm>#<jobType>#<jobId>  (a company's entries: its purge)
 *   legacy      PK = P#DUE#<yyyy-mm-ddThh:mm>        (same SK and item: entries written before the spread)
 *   tick cursor PK = P#TICK                          SK = CURSOR                    { minute }  (epoch minutes, last minute covered)
 *   job run     PK = C#<cid>#JOBRUN                  SK = <jobType>#<jobId>#<dueAt> TTL 7 d     (dispatch dedup)
 *
 * A minute is spread over DUE_PARTITIONS partitions (`<nn>` = a stable hash of the entry's sort key,
 * so re-putting a job overwrites it and deleting it finds it): no minute of every tenant on one key.
 * The legacy single key of each minute is still read (one more Query per minute, for good: entries
 * may have been written for any future minute before the switch) and still deleted on cancel.
 *
 * The due index is platform-level (the tick cannot query every company) but holds references only:
 * the job handler reads the tenant's own item by `jobId`.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { batchWrite, queryAll, type Item } from './table-operations';
import { pad, platformPk, tenantPk, ttlIn } from './keys';
import { isConditionFailed, type LabelledItem } from './transactions';

export interface DueJob {
  companyId: string;
  jobType: string;
  jobId: string;
  /** ISO instant. */
  dueAt: string;
}

type JobRef = Pick<DueJob, 'companyId' | 'jobType' | 'jobId'>;

/** A job as found on the index, with the key to delete it by (spread or legacy). */
export interface DueEntry {
  job: DueJob;
  key: { PK: string; SK: string };
}

const MINUTE_MS = 60_000;
export const JOB_RUN_TTL_SECONDS = 7 * 24 * 60 * 60;
/**
 * Partitions per minute. The 1,000-company model's worst minute is a round hour: ≈ 10,000 entries
 * (schedules, campaign starts and pacing steps, ticket timers) put within seconds and read by one
 * tick. On one key that is ≈ 10 × DynamoDB's 1,000 WCU/s per partition; over 16, ≈ 625 an hour-mark
 * partition (≈ 60 % of one partition's second), each read in one or two pages, the 16 in parallel.
 * The idle price is 17 Queries a minute read (16 + legacy), ≈ 0.7 M read requests a month per stage.
 */
export const DUE_PARTITIONS = 16;

export const epochMinute = (at: Date | string) => Math.floor(new Date(at).getTime() / MINUTE_MS);
/** `2025-01-31T13:05` (UTC). */
export const minuteLabel = (minute: number) => new Date(minute * MINUTE_MS).toISOString().slice(0, 16);

const dueSk = (job: JobRef) => `${job.companyId}#${job.jobType}#${job.jobId}`;

/** FNV-1a (32 bits) of the entry's sort key: the same job always lands on the same partition. */
export function duePartitionOf(job: JobRef): number {
  let hash = 0x811c9dc5;
  for (const ch of dueSk(job)) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % DUE_PARTITIONS;
}

const spreadPk = (minute: number, partition: number) => platformPk('DUE', minuteLabel(minute), pad(partition, 2));
const legacyPk = (minute: number) => platformPk('DUE', minuteLabel(minute));
const dueKey = (minute: number, job: JobRef) => ({ PK: spreadPk(minute, duePartitionOf(job)), SK: dueSk(job) });
/** The stored entry: its key, the job, and its place in the company's list (AP-DUE4). */
const dueItem = (minute: number, job: DueJob) => ({
  ...dueKey(minute, job),
  GSI1PK: tenantPk(job.companyId, 'DUEJOBS'),
  GSI1SK: `${minuteLabel(minute)}#${job.jobType}#${job.jobId}`,
  ...job,
});

const cursorKey = { PK: platformPk('TICK'), SK: 'CURSOR' };
const jobRunKey = (job: DueJob) => ({
  PK: tenantPk(job.companyId, 'JOBRUN'),
  SK: `${job.jobType}#${job.jobId}#${job.dueAt}`,
});

/** Re-putting the same job for the same minute overwrites it (idempotent scheduling). */
export async function putDueJob(minute: number, job: DueJob): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: dueItem(minute, job) }));
}

/** putDueJob as a transaction item (label `due`). */
export const dueJobPut = (minute: number, job: DueJob): LabelledItem => ({
  label: 'due',
  item: { Put: { TableName: tableName(), Item: dueItem(minute, job) } },
});

/** Takes the job off the minute: its spread entry and, for a job put before the spread, its legacy one. */
export async function deleteDueJob(minute: number, job: JobRef): Promise<void> {
  await batchWrite([
    { DeleteRequest: { Key: dueKey(minute, job) } },
    { DeleteRequest: { Key: { PK: legacyPk(minute), SK: dueSk(job) } } },
  ]);
}

/** Deletes an entry where it was found (the tick, after queueing it). */
export async function deleteDueEntry(entry: DueEntry): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: entry.key }));
}

/** The partition keys one minute is read from: the spread ones, then the legacy one. */
export const duePartitionKeys = (minute: number): string[] => [
  ...Array.from({ length: DUE_PARTITIONS }, (_, partition) => spreadPk(minute, partition)),
  legacyPk(minute),
];

const toDueJob = (item: Item): DueJob => ({
  companyId: String(item.companyId),
  jobType: String(item.jobType),
  jobId: String(item.jobId),
  dueAt: String(item.dueAt),
});

/**
 * AP-DUE1: every entry of one partition of a minute (bounded by the minute's load / DUE_PARTITIONS).
 * The tick works partition by partition, so a minute's partitions go side by side.
 */
export async function listDueEntries(pk: string): Promise<DueEntry[]> {
  const items = await queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } });
  return items.map((item) => ({ job: toDueJob(item), key: { PK: String(item.PK), SK: String(item.SK) } }));
}

/** AP-DUE1: every job indexed under one minute (its DUE_PARTITIONS partitions and the legacy one, read in parallel). */
export async function listDueJobs(minute: number): Promise<DueJob[]> {
  const partitions = await Promise.all(duePartitionKeys(minute).map(listDueEntries));
  return partitions.flat().map((entry) => entry.job);
}

/** AP-DUE2: the last minute the tick covered (undefined before the first tick). */
export async function getTickCursor(): Promise<number | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: cursorKey, ConsistentRead: true }));
  return out.Item ? Number(out.Item.minute) : undefined;
}

/** Moves the cursor forward only: a slow, overlapping tick can never move it back. */
export async function advanceTickCursor(minute: number): Promise<void> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: cursorKey,
        UpdateExpression: 'SET #minute = :m',
        ConditionExpression: 'attribute_not_exists(#minute) OR #minute < :m',
        ExpressionAttributeNames: { '#minute': 'minute' },
        ExpressionAttributeValues: { ':m': minute },
      }),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
  }
}

/** AP-DUE3: whether this job (type, id, due time) already ran. */
export async function hasJobRun(job: DueJob): Promise<boolean> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: jobRunKey(job), ConsistentRead: true }));
  return !!out.Item;
}

export async function markJobRun(job: DueJob): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...jobRunKey(job), ranAt: new Date().toISOString(), expiresAt: ttlIn(JOB_RUN_TTL_SECONDS) },
    }),
  );
}
