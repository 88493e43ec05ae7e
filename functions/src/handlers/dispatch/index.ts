/** Dispatch worker: due jobs queued by the tick (standard queue, DelaySeconds for second precision). */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { parseDueJob, runDispatchJob } from '../../domain/scheduler/dispatch-job';
import type { JobTable } from '../../domain/scheduler/job-table';
import { processSqsBatch } from '../../platform/sqs-batch';
import { platformJobs } from './job-table';

/** A dispatch worker running `jobs` (tests build one with their own job types). */
export const dispatchWorker =
  (jobs: JobTable) =>
  (event: SQSEvent): Promise<SQSBatchResponse> =>
    processSqsBatch(event, { consumer: 'dispatch', parse: parseDueJob, process: (job) => runDispatchJob(job, jobs) });

/** The composition root: every job type of the platform. */
export const handler = dispatchWorker(platformJobs());
