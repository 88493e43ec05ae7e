/**
 * Issue 28 §3: the due index spreads a minute over DUE_PARTITIONS partitions (no minute of every
 * tenant on one key), keeps idempotent scheduling and cancel, still runs entries stored under the
 * legacy single key of a minute, and the tick still covers every minute of an outage.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { ddb, tableName } from '../src/data/client';
import {
  advanceTickCursor,
  deleteDueJob,
  DUE_PARTITIONS,
  dueJobPut,
  duePartitionKeys,
  duePartitionOf,
  epochMinute,
  getTickCursor,
  listDueEntries,
  listDueJobs,
  minuteLabel,
  putDueJob,
  type DueJob,
} from '../src/data/due-work';
import { transactWrite } from '../src/data/transactions';
import { runTick } from '../src/domain/scheduler/tick';
import { useFreshTable } from './support/fresh-table';
import { useLocalQueues } from './support/local-queues';

let queues: Awaited<ReturnType<typeof useLocalQueues>>;
const MINUTE = 60_000;

beforeAll(async () => {
  await useFreshTable();
  queues = await useLocalQueues(1);
});
afterAll(async () => {
  await queues?.stop();
});
afterEach(async () => {
  await queues.take('dispatch');
});

const jobAt = (minute: number, companyId = ulid(), jobType = 'test.spread'): DueJob => ({
  companyId,
  jobType,
  jobId: ulid(),
  dueAt: new Date(minute * MINUTE + 1000).toISOString(),
});

/** A minute of its own per test (the table is shared by the file's tests). */
let nextMinute = epochMinute(new Date()) + 10_000;
const freshMinute = () => (nextMinute += 100);

/** An entry as the code before the spread wrote it: the minute's one key. */
async function putLegacy(minute: number, job: DueJob) {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { PK: `P#DUE#${minuteLabel(minute)}`, SK: `${job.companyId}#${job.jobType}#${job.jobId}`, ...job },
    }),
  );
}

const ids = (jobs: DueJob[]) => jobs.map((j) => j.jobId).sort();

describe('the due index spread', () => {
  it('spreads 10,000 jobs of one minute from 1,000 companies evenly over the partitions', () => {
    const companies = Array.from({ length: 1000 }, () => ulid());
    const perPartition = new Array<number>(DUE_PARTITIONS).fill(0);
    for (let i = 0; i < 10_000; i++) perPartition[duePartitionOf(jobAt(0, companies[i % 1000]))]!++;

    const even = 10_000 / DUE_PARTITIONS;
    // ± 5 standard deviations of a fair draw (≈ 24 here): a skewed hash lands far outside.
    expect(Math.max(...perPartition)).toBeLessThan(even + 125);
    expect(Math.min(...perPartition)).toBeGreaterThan(even - 125);
  });

  it('stores a minute across its partitions and lists every job of it', async () => {
    const minute = freshMinute();
    const jobs = Array.from({ length: 160 }, () => jobAt(minute));
    await Promise.all(jobs.map((j) => putDueJob(minute, j)));

    const [legacy, ...spread] = [duePartitionKeys(minute).at(-1)!, ...duePartitionKeys(minute).slice(0, -1)];
    const counts = await Promise.all(spread.map(async (pk) => (await listDueEntries(pk)).length));
    expect(counts).toHaveLength(DUE_PARTITIONS);
    expect(counts.filter((n) => n > 0).length).toBeGreaterThan(DUE_PARTITIONS / 2);
    expect(Math.max(...counts)).toBeLessThan(40); // 10 a partition on average
    expect(await listDueEntries(legacy)).toEqual([]);
    expect(ids(await listDueJobs(minute))).toEqual(ids(jobs));
  });

  it('overwrites a re-put job (plain or in a transaction) and deletes it where it was put', async () => {
    const minute = freshMinute();
    const job = jobAt(minute);
    await putDueJob(minute, job);
    await putDueJob(minute, job);
    await transactWrite([dueJobPut(minute, job)]);
    expect(await listDueJobs(minute)).toEqual([job]);

    await deleteDueJob(minute, job);
    expect(await listDueJobs(minute)).toEqual([]);
  });

  it('still lists, cancels and runs entries stored under the legacy single key', async () => {
    const minute = freshMinute();
    const [old, cancelled, spread] = [jobAt(minute), jobAt(minute), jobAt(minute)];
    await putLegacy(minute, old);
    await putLegacy(minute, cancelled);
    await putDueJob(minute, spread);
    expect(ids(await listDueJobs(minute))).toEqual(ids([old, cancelled, spread]));

    await deleteDueJob(minute, cancelled);
    expect(ids(await listDueJobs(minute))).toEqual(ids([old, spread]));

    await advanceTickCursor(minute + 2);
    const tick = await runTick(new Date(minute * MINUTE + 30_000));
    expect(tick.enqueued).toBe(2);
    expect(ids((await queues.take<DueJob>('dispatch')).map((m) => m.body))).toEqual(ids([old, spread]));
    expect(await listDueJobs(minute)).toEqual([]);
  });

  it('covers every minute of an outage, every partition and the legacy keys, then moves the cursor', async () => {
    const start = freshMinute();
    await advanceTickCursor(start); // the last tick before the outage
    const due: DueJob[] = [];
    for (let minute = start + 1; minute <= start + 6; minute++) {
      const jobs = Array.from({ length: 12 }, () => jobAt(minute));
      await Promise.all(jobs.map((j) => putDueJob(minute, j)));
      const legacy = jobAt(minute);
      await putLegacy(minute, legacy);
      due.push(...jobs, legacy);
    }
    const later = jobAt(start + 30);
    await putDueJob(start + 30, later);

    const back = new Date((start + 7) * MINUTE);
    const tick = await runTick(back);

    expect(tick.enqueued).toBe(due.length);
    expect(ids((await queues.take<DueJob>('dispatch')).map((m) => m.body))).toEqual(ids(due));
    for (let minute = start + 1; minute <= start + 6; minute++) expect(await listDueJobs(minute)).toEqual([]);
    expect(await listDueJobs(start + 30)).toEqual([later]);
    expect(await getTickCursor()).toBe(start + 8);
  });
});
