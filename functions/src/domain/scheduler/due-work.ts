/** Putting work on (and off) the due index. Owners call these next to writing their own item. */
import { deleteDueJob, dueJobPut, epochMinute, putDueJob, type DueJob } from '../../data/due-work';
import type { LabelledItem } from '../../data/transactions';

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
  const minute = dueMinute(job, now);
  await putDueJob(minute, job);
  return { job, minute };
}

/** The write scheduleDueWork makes, for an owner that must make it in one transaction with its own item. */
export const dueWorkWrite = (job: DueJob, now = new Date()): LabelledItem => dueJobPut(dueMinute(job, now), job);

const dueMinute = (job: DueJob, now: Date) => Math.max(epochMinute(job.dueAt), epochMinute(now));

export async function cancelDueWork(ref: DueWorkRef): Promise<void> {
  await deleteDueJob(ref.minute, ref.job);
}
