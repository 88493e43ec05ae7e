/**
 * SQS's delivery faults, on purpose (the fault suite, e2e/faults): off unless a stack is started with
 * `faults.delivery`. SQS delivers at least once, so every consumer must already survive these; the
 * local mappings just make them happen every time instead of rarely:
 * - `duplicate`: every batch is handed to the consumer a second time once it has handled it and
 *   before the delete (a redelivery after the consumer has written);
 * - `keepShare`: a share of each batch's records is kept on the queue although the consumer handled
 *   them (a batch partly failing after its writes): they come back after the visibility timeout.
 *   Only records on their first receive: kept once at most, a record never reaches its dead-letter
 *   queue through the fault alone;
 * - `visibilityTimeoutSeconds`: the visibility timeout of every record a batch leaves on the queue
 *   (kept, or failed by the consumer), so it comes back within a test's time. Records are received
 *   with the queue's own timeout, as in AWS, where a function's timeout may not exceed its queue's
 *   visibility timeout: a batch in flight is never received again because it is slow. (Receiving with
 *   the short timeout did exactly that: under slow DynamoDB a batch was received again every 2 s while
 *   still being handled, each receive counting towards maxReceiveCount, until its records reached the
 *   dead-letter queue although they were being handled — docs/faults.md, "The dead letters".)
 *   Without it, nothing is kept (a kept record would wait the queue's whole timeout);
 * - `expireShare`: a share of each batch's records on their first receive is made visible again right
 *   after the receive, so another poller receives it while the first still handles it (visibility
 *   expiring mid-handling, once per record at most, as a slow invocation meets it in AWS).
 * The mappings read the object on every batch: a test may change it while the stack runs.
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { Area } from '@atende/functions/manifest';

export type DeliveryFault = 'duplicate' | 'kept' | 'expired';

export interface DeliveryFaults {
  duplicate?: boolean;
  /** 0..1: the share of records kept (picked with `random`). */
  keepShare?: number;
  visibilityTimeoutSeconds?: number;
  /** 0..1: the share of first-receive records made visible again while handled (picked with `random`). */
  expireShare?: number;
  /** Seeded by the caller, so a failing run reproduces (default Math.random). */
  random?: () => number;
  /** Told of every fault applied, with the number of records it touched. */
  onFault?: (fault: DeliveryFault, area: Area, records: number) => void;
}

/**
 * Runs `invoke` on the batch under the faults and answers the batch response the mapping acts on:
 * the consumer's own failures plus the records the faults keep. A thrown error, or an answer the
 * mapping would treat as a failure of the whole batch, is passed on unchanged.
 */
export async function invokeWithDeliveryFaults(
  faults: DeliveryFaults,
  area: Area,
  event: SQSEvent,
  invoke: (event: SQSEvent) => Promise<unknown>,
): Promise<unknown> {
  const first = await invoke(event);
  const failed = failureIds(first);
  if (!failed) return first;
  if (faults.duplicate) {
    faults.onFault?.('duplicate', area, event.Records.length);
    const again = failureIds(await invoke(event));
    if (!again) return { batchItemFailures: event.Records.map((r) => ({ itemIdentifier: r.messageId })) };
    for (const id of again) failed.add(id);
  }
  const share = faults.keepShare ?? 0;
  if (share > 0) {
    const random = faults.random ?? Math.random;
    const kept = event.Records.filter((r) => !failed.has(r.messageId) && firstReceive(r) && random() < share);
    if (kept.length) faults.onFault?.('kept', area, kept.length);
    for (const r of kept) failed.add(r.messageId);
  }
  const answer: SQSBatchResponse = { batchItemFailures: [...failed].map((itemIdentifier) => ({ itemIdentifier })) };
  return answer;
}

/** The records `expireShare` picks (first receives only: a record meets the fault once at most). */
export function recordsToExpire(faults: DeliveryFaults, records: SQSRecord[]): SQSRecord[] {
  const share = faults.expireShare ?? 0;
  if (share <= 0) return [];
  const random = faults.random ?? Math.random;
  return records.filter((r) => firstReceive(r) && random() < share);
}

const firstReceive = (record: SQSRecord) => Number(record.attributes?.ApproximateReceiveCount ?? 1) <= 1;

/** The ids a batch response lists, or undefined when it is not a list of ids. */
function failureIds(result: unknown): Set<string> | undefined {
  const failures = (result as Partial<SQSBatchResponse> | undefined)?.batchItemFailures;
  if (failures === undefined) return new Set();
  if (!Array.isArray(failures)) return undefined;
  const ids = failures.map((f) => (f as { itemIdentifier?: unknown } | null)?.itemIdentifier);
  return ids.every((id): id is string => typeof id === 'string') ? new Set(ids) : undefined;
}
