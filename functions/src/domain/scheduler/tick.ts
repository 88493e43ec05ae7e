/**
 * The one-minute tick: moves everything due from the minute index to the dispatch queue, with
 * DelaySeconds for second precision.
 *
 * Coverage: each tick reads from (cursor − LOOK_BACK) to (now + 1 minute) and then moves the cursor.
 * The look-back re-reads the minutes around the previous tick, so work written while that tick ran
 * (into a minute it had already read) is still found; a missed tick or an outage only makes the next
 * range longer. Entries are deleted after they are queued: a crash in between queues them twice,
 * which the dispatch worker's done-marker absorbs.
 *
 * A minute is spread over DUE_PARTITIONS partitions plus its legacy key (data/due-work.ts): the tick
 * covers the minutes in order, each minute's partitions side by side (at most DUE_PARTITIONS + 1
 * Queries in flight), and moves the cursor only once every partition of every minute is done.
 */
import {
  advanceTickCursor,
  deleteDueEntry,
  duePartitionKeys,
  epochMinute,
  getTickCursor,
  listDueEntries,
} from '../../data/due-work';
import { sendToDispatch } from '../../platform/queues';

export const LOOK_BACK_MINUTES = 2;
/** Catch-up per tick after an outage; the next ticks continue where this one stopped. */
export const MAX_MINUTES_PER_TICK = 240;

export interface TickResult {
  fromMinute: number;
  toMinute: number;
  enqueued: number;
}

export async function runTick(now = new Date()): Promise<TickResult> {
  const current = epochMinute(now);
  const cursor = await getTickCursor();
  // min(): a cursor ahead of this clock (skew between invocations) must not skip the current minutes.
  const fromMinute = Math.min(cursor ?? current, current) - LOOK_BACK_MINUTES;
  const toMinute = Math.min(current + 1, fromMinute + MAX_MINUTES_PER_TICK - 1);
  let enqueued = 0;
  for (let minute = fromMinute; minute <= toMinute; minute++) {
    const counts = await allPartitions(duePartitionKeys(minute).map((pk) => queuePartition(pk, now)));
    enqueued += counts.reduce((sum, n) => sum + n, 0);
  }
  await advanceTickCursor(toMinute);
  return { fromMinute, toMinute, enqueued };
}

/** AP-DUE1 on one partition of a minute: each entry queued, then taken off the index. */
async function queuePartition(pk: string, now: Date): Promise<number> {
  const entries = await listDueEntries(pk);
  for (const entry of entries) {
    await sendToDispatch(entry.job, (new Date(entry.job.dueAt).getTime() - now.getTime()) / 1000);
    await deleteDueEntry(entry);
  }
  return entries.length;
}

/** Waits for every partition (none left running behind a failure), then fails with the first error. */
async function allPartitions(runs: Promise<number>[]): Promise<number[]> {
  const settled = await Promise.allSettled(runs);
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<number>).value);
}
