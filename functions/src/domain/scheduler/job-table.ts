/**
 * The job types a dispatch runner knows: a table from job type to handler, built by the Lambda's
 * composition root (handlers/dispatch/job-table.ts) and handed to `runDispatchJob`. Nothing
 * registers itself at import: a job type missing from the table is an error the tests catch
 * (functions/test/composition-roots.test.ts), not a behaviour lost in one Lambda.
 *
 * A handler may run more than once for the same job (a redelivery racing the done-marker), so it
 * must be idempotent — typically a conditional write on its own item ("sentAt not set yet").
 */
import type { DueJob } from '../../data/due-work';

export type JobHandler = (job: DueJob) => Promise<void>;

export type JobTable = Readonly<Record<string, JobHandler>>;

export const jobHandlerIn = (jobs: JobTable, jobType: string): JobHandler | undefined =>
  Object.hasOwn(jobs, jobType) ? jobs[jobType] : undefined;
