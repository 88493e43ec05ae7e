/**
 * Ids of the channel events on the inbound queue that more than one producer writes: the session
 * host, and whoever reports a dead shard on its behalf (the hostwatch area in AWS, the local runner).
 * Event ids are the inbound queue's dedup ids and the inbound worker's idempotency keys.
 */
import { createHash } from 'node:crypto';
import { ulid } from '@atende/shared/ids';

/**
 * A status is a fact of the moment, so by default each one gets a unique id. A report that may be
 * repeated (an EventBridge event delivered twice) passes the id of the incident instead, so the
 * repeat carries the same id and SQS drops it.
 */
export const statusEventId = (connectionId: string, status: string, occurrence: string = ulid()) =>
  `status:${connectionId}:${status}:${occurrence}`;

/** SQS FIFO dedup ids: at most 128 characters of printable ASCII. Longer ids are hashed. */
export function deduplicationId(eventId: string): string {
  return eventId.length <= 128 && /^[\x21-\x7e]+$/.test(eventId)
    ? eventId
    : createHash('sha256').update(eventId).digest('hex');
}
