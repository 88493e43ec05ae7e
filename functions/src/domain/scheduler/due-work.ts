/** Putting work on (and off) the due index. Owners call these next to writing their own item. */
import { deleteDueJob, epochMinute, putDueJob, type DueJob } from '../../data/due-work';

/** Where the job was indexed; keep it to cancel. */
export interface DueWorkRef {
  job: DueJob;
  minute: number;
}

/**
 * Indexed under its due minute — or under the current minute when already due, so work written for
 * the past (or for a minute the tick has just covered) is found by the tick's look-back.
 */
export async function scheduleDueWork(job: DueJob, now = new Date()): Promise<DueWorkRef> {
  const minute = Math.max(epochMinute(job.dueAt), epochMinute(now));
  await putDueJob(minute, job);
  return { job, minute };
}

export async function cancelDueWork(ref: DueWorkRef): Promise<void> {
  await deleteDueJob(ref.minute, ref.job);
}
