/** Dispatch worker: due jobs queued by the tick (standard queue, DelaySeconds for second precision). */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import './registered-jobs';
import { parseDueJob, runDispatchJob } from '../../domain/scheduler/dispatch-job';
import { processSqsBatch } from '../../platform/sqs-batch';

export const handler = (event: SQSEvent): Promise<SQSBatchResponse> =>
  processSqsBatch(event, { consumer: 'dispatch', parse: parseDueJob, process: runDispatchJob });
