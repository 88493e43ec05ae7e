/**
 * Failed records of a chat's queue come back after seconds, not after the queue's visibility timeout.
 *
 * Lambda leaves a record its function reported failed invisible until the queue's visibility timeout
 * ends (60 s on inbound and realtime), and on a FIFO queue that record holds back its whole group: a
 * chat's later messages wait behind it. One DynamoDB throttle that outlasted the SDK's retries would
 * hide a customer's conversation from the operators for a minute. So the function sets the failed
 * records' visibility itself (`ChangeMessageVisibilityBatch`, which the event source's consume grant
 * allows): 5 s after the first receive, then three times longer each time, never longer than the queue's
 * own timeout would have been. A record that keeps failing still reaches the dead-letter queue after
 * `maxReceiveCount` receives, about as late as before (5 receives: 5 + 15 + 45 + 60 s instead of 4 × 60 s).
 *
 * Used by the consumers a chat waits on (inbound, realtime). Dispatch, integrations and webhooks keep
 * the queue's timeout: their jobs retry a held lease, an external bot or a customer's endpoint on that
 * slower beat, which their dead-letter thresholds are sized for.
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { ChangeMessageVisibilityBatchCommand, GetQueueUrlCommand } from '@aws-sdk/client-sqs';
import { sqsClient } from './queues';
import { logger } from './logger';

export const FIRST_RETRY_SECONDS = 5;
const GROWTH = 3;
/** The visibility timeout of the queues that use this (inbound, realtime: manifest `queueSpecs`, tested). */
export const LONGEST_RETRY_SECONDS = 60;

/** How long a record received `receiveCount` times stays hidden after failing. */
export function retryDelaySeconds(receiveCount: number): number {
  const tries = Math.max(1, Math.floor(receiveCount) || 1);
  return Math.min(FIRST_RETRY_SECONDS * GROWTH ** (tries - 1), LONGEST_RETRY_SECONDS);
}

/** Sets the visibility of the failed records; never throws (at worst they wait for the queue's timeout). */
export type RetryScheduler = (records: SQSRecord[]) => Promise<void>;

/**
 * Wraps an SQS handler that reports partial failures: its failed records are scheduled back by
 * `schedule` before the response goes to Lambda.
 */
export function withRetryBackoff(
  handler: (event: SQSEvent) => Promise<SQSBatchResponse>,
  schedule: RetryScheduler,
): (event: SQSEvent) => Promise<SQSBatchResponse> {
  return async (event) => {
    const response = await handler(event);
    const failed = new Set(response.batchItemFailures.map((f) => f.itemIdentifier));
    if (failed.size > 0) await schedule(event.Records.filter((r) => failed.has(r.messageId)));
    return response;
  };
}

/** The real scheduler: ChangeMessageVisibilityBatch on each record's own queue, 10 handles a call. */
export const visibilityBackoff: RetryScheduler = async (records) => {
  const byQueue = new Map<string, SQSRecord[]>();
  for (const r of records) byQueue.set(r.eventSourceARN, [...(byQueue.get(r.eventSourceARN) ?? []), r]);
  await Promise.all(
    [...byQueue].map(async ([arn, queued]) => {
      try {
        const QueueUrl = await queueUrlOf(arn);
        for (let i = 0; i < queued.length; i += 10) {
          const chunk = queued.slice(i, i + 10);
          const out = await sqsClient().send(
            new ChangeMessageVisibilityBatchCommand({
              QueueUrl,
              Entries: chunk.map((r, n) => ({
                Id: String(n),
                ReceiptHandle: r.receiptHandle,
                VisibilityTimeout: retryDelaySeconds(Number(r.attributes?.ApproximateReceiveCount)),
              })),
            }),
          );
          // A handle gone stale (the record came back meanwhile) is no harm: it keeps its timeout.
          if (out.Failed?.length) logger.warn('retry delay not set', { queue: arn, failed: out.Failed.length });
        }
      } catch (err) {
        logger.warn('retry delay not set', { queue: arn, records: queued.length, err });
      }
    }),
  );
};

const queueUrls = new Map<string, Promise<string>>();

/** A queue's URL from its ARN (arn:aws:sqs:region:account:name), asked of SQS once per process. */
function queueUrlOf(arn: string): Promise<string> {
  let url = queueUrls.get(arn);
  if (!url) {
    const [, , , , account, name] = arn.split(':');
    if (!account || !name) return Promise.reject(new Error(`not a queue ARN: ${arn}`));
    url = sqsClient()
      .send(new GetQueueUrlCommand({ QueueName: name, QueueOwnerAWSAccountId: account }))
      .then((out) => out.QueueUrl ?? Promise.reject(new Error(`no URL for ${arn}`)));
    url.catch(() => queueUrls.delete(arn));
    queueUrls.set(arn, url);
  }
  return url;
}
