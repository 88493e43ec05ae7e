import * as z from '@atende/shared/zod';
import { hasJobRun, markJobRun, type DueJob } from '../../data/due-work';
import { jobHandlerIn, type JobTable } from './job-table';

export const dueJobSchema = z.object({
  companyId: z.string().check(z.minLength(1), z.maxLength(64)),
  jobType: z.string().check(z.minLength(1), z.maxLength(100)),
  jobId: z.string().check(z.minLength(1), z.maxLength(200)),
  dueAt: z.iso.datetime({ offset: true }),
});

export const parseDueJob = (body: string): DueJob => dueJobSchema.parse(JSON.parse(body));

/** Unknown job types throw (→ retries → DLQ): a job nobody can run must be visible, not dropped. */
export async function runDispatchJob(job: DueJob, jobs: JobTable): Promise<void> {
  const handler = jobHandlerIn(jobs, job.jobType);
  if (!handler) throw new Error(`unknown job type ${job.jobType}`);
  if (await hasJobRun(job)) return;
  await handler(job);
  await markJobRun(job);
}
