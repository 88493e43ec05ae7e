/**
 * Publishes channel events to the inbound FIFO queue, dedup id = event id. The FIFO group is the
 * CONVERSATION (connection + chat) for messages and everything about them, and the connection for
 * its own state events (`messageGroupOf`): one chat stays in order, different customers' chats are
 * processed in parallel. Publishing is chained per group, so a slow or failing send never lets a
 * later event of the same group overtake it; failures are retried with backoff until `stop()`.
 * The heads of different groups sent in the same turn share a SendMessageBatch call (SqsSendBatches):
 * one group never has two events in flight, so batching cannot reorder it.
 */
import type { SQSClient } from '@aws-sdk/client-sqs';
import { toQueueBody, type ChannelEvent } from '@atende/shared';
import { SqsSendBatches } from '@atende/functions/shared-surface';
import type { Logger } from '../logger';
import { deduplicationId } from './event-ids';
import { MessageGroups } from './message-groups';

export interface EventSink {
  publish(event: ChannelEvent): Promise<void>;
}

const MAX_BACKOFF_MS = 10_000;

export class InboundPublisher implements EventSink {
  private readonly chains = new Map<string, Promise<void>>();
  private readonly groups = new MessageGroups();
  private stopped = false;
  private readonly sends: SqsSendBatches;

  constructor(
    sqs: SQSClient,
    private readonly queueUrl: string,
    private readonly log: Logger,
  ) {
    this.sends = new SqsSendBatches(() => sqs);
  }

  publish(event: ChannelEvent): Promise<void> {
    const group = this.groups.of(event);
    const previous = this.chains.get(group) ?? Promise.resolve();
    // An event dropped at stop rejects its own answer, not the events behind it.
    const next = previous.catch(() => undefined).then(() => this.sendWithRetry(event, group));
    this.chains.set(group, next);
    next
      .finally(() => {
        if (this.chains.get(group) === next) this.chains.delete(group);
      })
      .catch(() => undefined);
    return next;
  }

  /** Waits for everything published so far (graceful stop). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.chains.values()]);
  }

  stop(): void {
    this.stopped = true;
  }

  private async sendWithRetry(event: ChannelEvent, group: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.sends.send(this.queueUrl, {
          MessageBody: toQueueBody(event),
          MessageGroupId: group,
          MessageDeduplicationId: deduplicationId(event.eventId),
        });
        return;
      } catch (err) {
        if (this.stopped && attempt >= 2) {
          // Rejected, not resolved: nobody may take a dropped event for enqueued (no receipt to WhatsApp).
          this.log.error({ err, eventId: event.eventId }, 'dropping channel event: publisher stopped');
          throw err;
        }
        const delay = Math.min(MAX_BACKOFF_MS, 200 * 2 ** attempt);
        this.log.warn({ err, eventId: event.eventId, attempt }, 'publishing channel event failed; retrying');
        await new Promise((r) => setTimeout(r, delay));
      }
    }
  }
}

/** Collects events in memory: tests and the bench. */
export class MemoryEventSink implements EventSink {
  readonly events: ChannelEvent[] = [];
  private readonly waiters: { test: (e: ChannelEvent) => boolean; resolve: (e: ChannelEvent) => void }[] = [];

  async publish(event: ChannelEvent): Promise<void> {
    this.events.push(event);
    for (const waiter of [...this.waiters]) {
      if (waiter.test(event)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  }

  /** Resolves with the first event (already seen or future) that passes `test`. */
  waitFor(test: (e: ChannelEvent) => boolean, timeoutMs = 5_000): Promise<ChannelEvent> {
    const seen = this.events.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`no matching event within ${timeoutMs} ms; saw ${this.events.map((e) => e.type).join(', ')}`)),
        timeoutMs,
      );
      this.waiters.push({
        test,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  }
}
