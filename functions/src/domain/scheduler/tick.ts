/**
 * The one-minute tick: moves everything due from the minute index to the dispatch queue, with
 * DelaySeconds for second precision.
 *
 * Coverage: each tick reads from (cursor − LOOK_BACK) to (now + 1 minute) and then moves the cursor.
 * The look-back re-reads the minutes around the previous tick, so work written while that tick ran
 * (into a minute it had already read) is still found; a missed tick or an outage only makes the next
 * range longer. Entries are deleted after they are queued: a crash in between queues them twice,
 * which the dispatch worker's done-marker absorbs.
 */
import { advanceTickCursor, epochMinute, getTickCursor, listDueJobs, deleteDueJob } from '../../data/due-work';
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
    for (const job of await listDueJobs(minute)) {
      await sendToDispatch(job, (new Date(job.dueAt).getTime() - now.getTime()) / 1000);
      await deleteDueJob(minute, job);
      enqueued++;
    }
  }
  await advanceTickCursor(toMinute);
  return { fromMinute, toMinute, enqueued };
}
