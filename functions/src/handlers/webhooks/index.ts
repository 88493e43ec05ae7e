/** Company webhook deliveries: the `webhooks` queue, one signed attempt per receive (retries and DLQ by SQS). */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { deliverWebhook, parseWebhookJob } from '../../domain/webhooks/deliver-webhook';
import { processSqsBatch } from '../../platform/sqs-batch';

export const handler = (event: SQSEvent): Promise<SQSBatchResponse> =>
  processSqsBatch(event, {
    consumer: 'webhooks',
    parse: parseWebhookJob,
    process: (job, record) => deliverWebhook(job, Number(record.attributes?.ApproximateReceiveCount ?? 1) || 1),
  });
