/** Queue integrations at work: the `integrations` FIFO queue (group = the ticket), one turn per customer message. */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { parseIntegrationJob } from '../../domain/integrations/integration-job';
import { runQueueIntegration } from '../../domain/integrations/run-queue-integration';
import { processSqsBatch } from '../../platform/sqs-batch';

export const handler = (event: SQSEvent): Promise<SQSBatchResponse> =>
  processSqsBatch(event, {
    consumer: 'integrations',
    parse: parseIntegrationJob,
    process: (job) => runQueueIntegration(job),
  });
