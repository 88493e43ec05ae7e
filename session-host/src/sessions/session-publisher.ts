/**
 * Turns a session's state into channel events on the inbound sink: status changes (published once
 * per status and number), the QR being shown, and message/ack/contact bodies, each stamped with its
 * deterministic event id. Every status change also wakes whoever waits on the connection's readiness.
 */
import type { EventEmitter } from 'node:events';
import type { ChannelEvent, ConnectionStatus, OutboundCommand, SendFailureReason } from '@atende/shared';
import type { ChannelEventBody } from '../adapters/channel-adapter';
import type { Logger } from '../logger';
import type { EventSink } from '../queues/inbound-publisher';
import { eventIdFor, qrEventId, statusEventId } from '../queues/event-ids';
import type { ManagedSession } from '../session-types';

export interface StatusExtra {
  number?: string;
  loggedOut?: boolean;
  reason?: string;
}

/** A channel event before the publisher adds the connection and the time. */
export type UnstampedEvent = ChannelEvent extends infer E
  ? E extends unknown
    ? Omit<E, 'companyId' | 'connectionId' | 'occurredAt'>
    : never
  : never;

export class SessionPublisher {
  constructor(
    private readonly sink: EventSink,
    private readonly log: Logger,
    /** Emits the connection id on every status change (session-readiness.ts listens). */
    private readonly changes: EventEmitter,
  ) {}

  setStatus(session: ManagedSession, status: ConnectionStatus, extra: StatusExtra = {}): void {
    session.status = status;
    const signature = `${status}|${extra.number ?? ''}`;
    if (session.lastPublished !== signature) {
      session.lastPublished = signature;
      this.publish(session.companyId, session.connectionId, {
        type: 'connection.status',
        eventId: statusEventId(session.connectionId, status),
        status,
        ...extra,
      });
    }
    this.changes.emit(session.connectionId);
  }

  publishQr(session: ManagedSession): void {
    if (!session.lastQr) return;
    this.publish(session.companyId, session.connectionId, {
      type: 'connection.qr',
      eventId: qrEventId(session.connectionId),
      qr: session.lastQr,
      attempt: session.qrAttempt,
    });
  }

  /** Resolves once the event is enqueued (a customer message is receipted to WhatsApp only then). */
  publishBody(session: ManagedSession, body: ChannelEventBody): Promise<void> {
    return this.publish(session.companyId, session.connectionId, {
      ...body,
      eventId: eventIdFor(session.connectionId, body),
    } as UnstampedEvent);
  }

  /** Tells the business side a send will not happen (its message is then marked failed). */
  reportSendFailed(
    command: Extract<OutboundCommand, { type: 'message.send' }>,
    error: string,
    reason?: SendFailureReason,
  ): void {
    const body = {
      type: 'message.sendFailed' as const,
      clientMessageId: command.clientMessageId,
      error,
      ...(reason ? { reason } : {}),
    };
    this.publish(command.companyId, command.connectionId, { ...body, eventId: eventIdFor(command.connectionId, body) });
  }

  /**
   * Publishes without making the caller wait; the answer resolves once the sink has the event and
   * rejects if it never will (already logged here, so a caller may ignore it).
   */
  publish(companyId: string, connectionId: string, event: UnstampedEvent): Promise<void> {
    const stamped = { ...event, companyId, connectionId, occurredAt: new Date().toISOString() } as ChannelEvent;
    const published = this.sink.publish(stamped);
    published.catch((err) => this.log.error({ err, eventId: stamped.eventId }, 'channel event lost'));
    return published;
  }
}
