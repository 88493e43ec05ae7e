/**
 * The messages of a deleted chat go in a due job, a bounded batch per run: a run that leaves messages
 * behind schedules the next, so DELETE /chats/{id} stays O(members) whatever the chat's length.
 * Repeating a run is harmless (it deletes what is left).
 */
import type { DueJob } from '../../data/due-work';
import { purgeChatMessages } from '../../data/chats';
import { dueWorkWrite, scheduleDueWork } from '../scheduler/due-work';

export const CHAT_PURGE_JOB = 'chat.purge';
/** Messages deleted per run (25 per BatchWriteItem). */
export const CHAT_PURGE_BATCH = 5_000;

const purgeJob = (companyId: string, chatId: string, run = 0): DueJob => ({
  companyId,
  jobType: CHAT_PURGE_JOB,
  jobId: `${chatId}.${run}`,
  dueAt: new Date().toISOString(),
});

/** The first run's due-index write, for the chat's delete transaction. */
export const chatPurgeWrite = (companyId: string, chatId: string) => dueWorkWrite(purgeJob(companyId, chatId));

export async function runChatPurge(job: DueJob, batch = CHAT_PURGE_BATCH): Promise<void> {
  const at = job.jobId.lastIndexOf('.');
  const chatId = job.jobId.slice(0, at);
  const run = Number(job.jobId.slice(at + 1)) || 0;
  const more = await purgeChatMessages(job.companyId, chatId, batch);
  if (more) await scheduleDueWork(purgeJob(job.companyId, chatId, run + 1));
}
