/**
 * Job types the dispatch worker knows. Areas register their handler once at module load
 * (`registerJob('schedule.send', sendScheduledMessage)`) from `registered-jobs.ts`.
 *
 * A handler may run more than once for the same job (a redelivery racing the done-marker), so it
 * must be idempotent — typically a conditional write on its own item ("sentAt not set yet").
 */
import type { DueJob } from '../../data/due-work';

export type JobHandler = (job: DueJob) => Promise<void>;

const handlers = new Map<string, JobHandler>();

export function registerJob(jobType: string, handler: JobHandler): void {
  if (handlers.has(jobType) && handlers.get(jobType) !== handler) throw new Error(`job type ${jobType} registered twice`);
  handlers.set(jobType, handler);
}

export function jobHandlerFor(jobType: string): JobHandler | undefined {
  return handlers.get(jobType);
}

/** Tests register throw-away job types; this removes one. */
export function unregisterJob(jobType: string): void {
  handlers.delete(jobType);
}
