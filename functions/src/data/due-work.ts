/**
 * Due work: jobs (scheduled messages, campaign shippings …) indexed by the minute they fall due, so
 * the one-minute tick reads exactly the minutes it has not covered — including every minute of an
 * outage (ARCHITECTURE.md "Schedules never missed").
 *
 *   due entry   PK = P#DUE#<yyyy-mm-ddThh:mm>   SK = <cid>#<jobType>#<jobId>   { companyId, jobType, jobId, dueAt }
 *   tick cursor PK = P#TICK                     SK = CURSOR                     { minute }  (epoch minutes, last minute covered)
 *   job run     PK = C#<cid>#JOBRUN             SK = <jobType>#<jobId>#<dueAt>  TTL 7 d     (dispatch dedup)
 *
 * The due index is platform-level (the tick cannot query every company) but holds references only:
 * the job handler reads the tenant's own item by `jobId`.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { queryAll } from './table-operations';
import { platformPk, tenantPk, ttlIn } from './keys';
import { isConditionFailed, type LabelledItem } from './transactions';

export interface DueJob {
  companyId: string;
  jobType: string;
  jobId: string;
  /** ISO instant. */
  dueAt: string;
}

const MINUTE_MS = 60_000;
export const JOB_RUN_TTL_SECONDS = 7 * 24 * 60 * 60;

export const epochMinute = (at: Date | string) => Math.floor(new Date(at).getTime() / MINUTE_MS);
/** `2025-01-31T13:05` (UTC). */
export const minuteLabel = (minute: number) => new Date(minute * MINUTE_MS).toISOString().slice(0, 16);

const dueKey = (minute: number, job: Pick<DueJob, 'companyId' | 'jobType' | 'jobId'>) => ({
  PK: platformPk('DUE', minuteLabel(minute)),
  SK: `${job.companyId}#${job.jobType}#${job.jobId}`,
});
const cursorKey = { PK: platformPk('TICK'), SK: 'CURSOR' };
const jobRunKey = (job: DueJob) => ({
  PK: tenantPk(job.companyId, 'JOBRUN'),
  SK: `${job.jobType}#${job.jobId}#${job.dueAt}`,
});

/** Re-putting the same job for the same minute overwrites it (idempotent scheduling). */
export async function putDueJob(minute: number, job: DueJob): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...dueKey(minute, job), ...job } }));
}

/** putDueJob as a transaction item (label `due`). */
export const dueJobPut = (minute: number, job: DueJob): LabelledItem => ({
  label: 'due',
  item: { Put: { TableName: tableName(), Item: { ...dueKey(minute, job), ...job } } },
});

export async function deleteDueJob(minute: number, job: Pick<DueJob, 'companyId' | 'jobType' | 'jobId'>): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: dueKey(minute, job) }));
}

/** AP-DUE1: every job indexed under one minute. */
export async function listDueJobs(minute: number): Promise<DueJob[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': dueKey(minute, { companyId: '', jobType: '', jobId: '' }).PK },
  });
  return items.map((item) => ({
    companyId: String(item.companyId),
    jobType: String(item.jobType),
    jobId: String(item.jobId),
    dueAt: String(item.dueAt),
  }));
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
