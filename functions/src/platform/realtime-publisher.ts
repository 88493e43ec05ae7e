/**
 * Server → browser events, off the request path (docs/decisions.md "Realtime by audience"):
 *
 *   await publish(companyId, 'ticket', { action: 'update', ticket }, { kind: 'tickets', queueId, userId });
 *
 * `publish` only hands the event to the `realtime` FIFO queue (one SendMessageBatch entry, whatever
 * the number of open consoles; events published in the same turn share a call,
 * shared-surface/sqs-send-batches.ts); the fan-out area (handlers/fanout) decides the recipients
 * from the audience and posts to their sockets. Channel and payload are typed by `RealtimeEvents` in shared.
 *
 * Publishing NEVER throws into the caller: it runs after a committed write, which must not be
 * retried or reported failed because a browser would miss a frame. An enqueue failure is retried a
 * few times with backoff and then logged as an error with the whole event (an alarm's metric
 * filter matches `realtime enqueue failed`); consoles recover what they missed by refetching on
 * reconnect.
 */
import { ulid } from '@atende/shared/ids';
import { toQueueBody, type Audience, type RealtimeChannelKind, type RealtimeEvents } from '@atende/shared';
import { logger } from './logger';
import { queueUrl, sqsClient } from './queues';
import { realtimeGroupOf } from './realtime-order';
import { SqsSendBatches } from '../shared-surface/sqs-send-batches';

export const REALTIME_QUEUE = 'realtime';

/** One event on the `realtime` queue, as the fan-out reads it. */
export interface RealtimeQueueEvent<K extends RealtimeChannelKind = RealtimeChannelKind> {
  eventId: string;
  companyId: string;
  kind: K;
  data: RealtimeEvents[K];
  audience: Audience;
  publishedAt: string;
}

let sends: SqsSendBatches | undefined; // created on first publish: a bundle that never publishes keeps no SQS code

/** Attempts per event, and the pause before the n-th retry (ms). The SDK retries throttling itself too. */
export const ENQUEUE_ATTEMPTS = 3;
const backoffMs = (attempt: number) => 50 * 4 ** attempt;

/**
 * Typed by the channel → payload map: `publish(cid, 'whatsapp', { action: 'delete', whatsappId }, audience)`.
 * Ordered per ticket (or contact, or company for the rest: `realtimeGroupOf`): one ticket's events
 * reach the consoles in publish order, different tickets' events are fanned out side by side.
 */
export async function publish<K extends RealtimeChannelKind>(
  companyId: string,
  kind: K,
  data: RealtimeEvents[K],
  audience: Audience,
): Promise<void> {
  if (!process.env.QUEUE_URL_REALTIME) return; // no realtime queue wired (unit tests, scripts)
  const event: RealtimeQueueEvent<K> = {
    eventId: ulid(),
    companyId,
    kind,
    data,
    audience,
    publishedAt: new Date().toISOString(),
  };
  const entry = {
    MessageBody: toQueueBody(event), // ASCII-escaped: the local SQS emulator rejects emoji
    MessageGroupId: realtimeGroupOf(companyId, kind, data),
    MessageDeduplicationId: event.eventId,
  };
  for (let attempt = 0; attempt < ENQUEUE_ATTEMPTS; attempt++) {
    try {
      sends ??= new SqsSendBatches(() => sqsClient());
      await sends.send(queueUrl(REALTIME_QUEUE), entry);
      return;
    } catch (err) {
      if (attempt === ENQUEUE_ATTEMPTS - 1) {
        logger.error('realtime enqueue failed', { err, companyId, kind, audience, eventId: event.eventId, data });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)));
    }
  }
}
