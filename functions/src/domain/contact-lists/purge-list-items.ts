/**
 * The items of a deleted list are deleted by a due job, a bounded batch per run: a job that leaves
 * items behind schedules the next run, so a list of any size goes without a long Lambda. Repeating a
 * run is harmless (it deletes what is left).
 */
import type { DueJob } from '../../data/due-work';
import { purgeContactListItems } from '../../data/contact-list-items';
import { dueWorkWrite, scheduleDueWork } from '../scheduler/due-work';

export const CONTACT_LIST_PURGE_JOB = 'contactList.purge';
/** Items deleted per run (25 per BatchWriteItem: a few hundred calls). */
export const PURGE_BATCH = 5_000;

const purgeJob = (companyId: string, listId: string, run = 0): DueJob => ({
  companyId,
  jobType: CONTACT_LIST_PURGE_JOB,
  jobId: `${listId}.${run}`,
  dueAt: new Date().toISOString(),
});

/** The first run's due-index write, for the list's delete transaction. */
export const contactListPurgeWrite = (companyId: string, listId: string) => dueWorkWrite(purgeJob(companyId, listId));

export async function runContactListPurge(job: DueJob): Promise<void> {
  const at = job.jobId.lastIndexOf('.');
  const listId = job.jobId.slice(0, at);
  const run = Number(job.jobId.slice(at + 1)) || 0;
  const more = await purgeContactListItems(job.companyId, listId, PURGE_BATCH);
  if (more) await scheduleDueWork(purgeJob(job.companyId, listId, run + 1));
}
