/**
 * Holds a message's acks for a short window and publishes only the highest: acks only rise and the
 * newest supersedes the older ones, while each published ack costs the platform a message update, an
 * SQS send and delete and a fan-out frame (issue 28 §1). Per (connection, WhatsApp message id):
 * - the first ack starts a window of `ACK_WINDOW_MS`; a higher ack inside it replaces the held one, a
 *   lower or equal one is dropped; at the window's end the held ack is published, with the event id
 *   of that ack (event-ids.ts), so a redelivery of it is still deduplicated by the consumer;
 * - every other event passes straight through. An event that changes the same message (edit, delete,
 *   file, reaction, refusal) first publishes the held ack, so the two keep the order they had;
 *   the message's own `message.received`/`message.sent` does not: an ack that came before it then
 *   follows it, as it should (message-groups.ts puts both in the message's group once it knows it);
 * - `flush` publishes what is held (a session closed, the host stopping); after `flushAll` nothing is
 *   held any more.
 * A held ack's answer settles with the event that was published in its place.
 */
import type { ChannelEvent } from '@atende/shared';
import type { EventSink } from './inbound-publisher';

/**
 * WhatsApp's server ack follows a send within a few hundred ms, and a phone that is online answers
 * with its delivery ack soon after (the simulator: 250 ms): 600 ms merges those two into one event
 * while a tick still shows within a second. A read ack comes when a person opens the chat, mostly
 * later, and is then its own event.
 */
export const ACK_WINDOW_MS = 600;

type AckEvent = Extract<ChannelEvent, { type: 'message.ack' }>;

interface HeldAck {
  event: AckEvent;
  timer: NodeJS.Timeout;
  waiters: { resolve: () => void; reject: (err: unknown) => void }[];
}

export class AckCoalescer implements EventSink {
  private readonly held = new Map<string, HeldAck>();
  private draining = false;

  constructor(
    private readonly sink: EventSink,
    private readonly windowMs = ACK_WINDOW_MS,
  ) {}

  publish(event: ChannelEvent): Promise<void> {
    if (event.type === 'message.ack') return this.hold(event);
    const changed = changedMessageOf(event);
    if (changed) this.release(messageKey(event.connectionId, changed));
    return this.sink.publish(event);
  }

  /** Publishes the held acks of one connection (its session closed), or all of them. */
  flush(connectionId?: string): Promise<void> {
    const released = [...this.held.entries()]
      .filter(([, held]) => connectionId === undefined || held.event.connectionId === connectionId)
      .map(([key]) => this.release(key));
    return Promise.allSettled(released).then(() => undefined);
  }

  /** Graceful stop: publishes everything held, and from now on holds nothing. */
  flushAll(): Promise<void> {
    this.draining = true;
    return this.flush();
  }

  private hold(event: AckEvent): Promise<void> {
    if (this.draining) return this.sink.publish(event);
    const key = messageKey(event.connectionId, event.externalId);
    const answer = new Promise<void>((resolve, reject) => {
      const held = this.held.get(key);
      if (held) {
        if (event.ack > held.event.ack) held.event = event;
        held.waiters.push({ resolve, reject });
        return;
      }
      const timer = setTimeout(() => void this.release(key), this.windowMs);
      this.held.set(key, { event, timer, waiters: [{ resolve, reject }] });
    });
    return answer;
  }

  private release(key: string): Promise<void> | undefined {
    const held = this.held.get(key);
    if (!held) return undefined;
    this.held.delete(key);
    clearTimeout(held.timer);
    const published = this.sink.publish(held.event);
    for (const waiter of held.waiters) published.then(waiter.resolve, waiter.reject);
    return published;
  }
}

const messageKey = (connectionId: string, externalId: string) => `${connectionId}\u0000${externalId}`;

/** The WhatsApp id of the message an event changes after it exists; none for the message itself. */
function changedMessageOf(event: ChannelEvent): string | undefined {
  switch (event.type) {
    case 'message.edited':
    case 'message.deleted':
    case 'message.media':
    case 'message.reaction':
    case 'message.sendFailed':
      return event.externalId;
    default:
      return undefined;
  }
}
