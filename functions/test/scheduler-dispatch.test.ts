/**
 * "Schedules never missed": due work indexed by minute, the tick queues what is due (with
 * DelaySeconds for the seconds) including everything overdue after an outage, and the dispatch
 * worker runs each job once. No real job types exist yet, so a test job type exercises the mechanism.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { advanceTickCursor, epochMinute, getTickCursor, type DueJob } from '../src/data/due-work';
import { scheduleDueWork, cancelDueWork } from '../src/domain/scheduler/due-work';
import { runTick } from '../src/domain/scheduler/tick';
import { dispatchWorker } from '../src/handlers/dispatch/index';
import { logger } from '../src/platform/logger';
import { useFreshTable } from './support/fresh-table';
import { sqsEvent, useLocalQueues } from './support/local-queues';

let queues: Awaited<ReturnType<typeof useLocalQueues>>;
const ran: DueJob[] = [];
/** A dispatch worker that knows one job type, which records what it ran. */
const dispatch = dispatchWorker({
  'test.record': async (job) => {
    ran.push(job);
  },
});
const MINUTE = 60_000;

beforeAll(async () => {
  await useFreshTable();
  logger.setLogLevel('SILENT');
  queues = await useLocalQueues(1);
});
afterAll(async () => {
  await queues?.stop();
});
beforeEach(() => {
  ran.length = 0;
});
afterEach(async () => {
  await queues.take('dispatch');
});

const job = (dueAt: Date, jobType = 'test.record'): DueJob => ({
  companyId: ulid(),
  jobType,
  jobId: ulid(),
  dueAt: dueAt.toISOString(),
});

/** Runs the dispatch worker on whatever the tick queued and is ready now. */
async function dispatchQueued() {
  const queued = await queues.take<DueJob>('dispatch');
  const result = await dispatch(sqsEvent(queued.map((m) => ({ body: JSON.stringify(m.body) }))));
  return { queued: queued.map((m) => m.body), result };
}

describe('tick and dispatch', () => {
  it('queues work due now and runs it once, even when delivered twice', async () => {
    const now = new Date();
    const due = job(new Date(now.getTime() - 1000));
    await scheduleDueWork(due, now);

    const tick = await runTick(now);
    const { queued, result } = await dispatchQueued();
    await dispatch(sqsEvent([{ body: JSON.stringify(due) }])); // SQS redelivery

    expect(tick.enqueued).toBe(1);
    expect(queued).toEqual([due]);
    expect(result.batchItemFailures).toEqual([]);
    expect(ran).toEqual([due]);
  });

  it('queues work due later in the next minute with a delay, and leaves later work alone', async () => {
    const now = new Date();
    const soon = job(new Date(now.getTime() + 45_000));
    const later = job(new Date(now.getTime() + 10 * MINUTE));
    await scheduleDueWork(soon, now);
    const laterRef = await scheduleDueWork(later, now);

    const tick = await runTick(now);

    expect(tick.enqueued).toBe(1);
    expect(await queues.delayedCount('dispatch')).toBe(1);
    expect(await queues.take('dispatch')).toEqual([]); // not visible before its second
    await cancelDueWork(laterRef);
    expect((await runTick(new Date(now.getTime() + 11 * MINUTE))).enqueued).toBe(0);
  });

  it('after an outage, queues everything that fell due meanwhile', async () => {
    const now = new Date();
    await advanceTickCursor(epochMinute(now)); // the last tick before the outage ran now
    const during = [job(new Date(now.getTime() + 30 * MINUTE)), job(new Date(now.getTime() + 90 * MINUTE))];
    for (const j of during) await scheduleDueWork(j, now);

    const afterOutage = new Date(now.getTime() + 3 * 60 * MINUTE);
    const tick = await runTick(afterOutage);
    await dispatchQueued();

    expect(tick.enqueued).toBe(2);
    expect(ran.map((j) => j.jobId).sort()).toEqual(during.map((j) => j.jobId).sort());
    expect(await getTickCursor()).toBe(epochMinute(afterOutage) + 1);
  });

  it('finds work written for a minute the previous tick had already read', async () => {
    const now = new Date();
    await runTick(now); // covers up to the next minute
    const late = job(new Date(now.getTime() + 5000));
    await scheduleDueWork(late, now);

    const next = await runTick(new Date(now.getTime() + MINUTE));
    await dispatchQueued();

    expect(next.enqueued).toBe(1);
    expect(ran.map((j) => j.jobId)).toEqual([late.jobId]);
  });

  it('reports unknown job types as failures, so they reach the dead-letter queue', async () => {
    const unknown = job(new Date(), 'no.such.job');
    const result = await dispatch(
      sqsEvent([{ body: JSON.stringify(unknown), messageId: 'unknown' }, { body: JSON.stringify(job(new Date())) }]),
    );
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'unknown' }]);
    expect(ran).toHaveLength(1);
  });
});
