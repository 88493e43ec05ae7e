/**
 * The DISCONNECTED events that report a dead session-host shard, built the same way by whoever
 * reports it: the hostwatch area (domain/connections/report-shard-down.ts) and the local runner
 * (session-host/src/registry/shard-down.ts). Pure: the caller lists the sessions and publishes.
 */
import type { ChannelEvent } from '@atende/shared';
import type { ShardSession } from '../data/shard-registry';
import { statusEventId } from './channel-event-ids';

export interface ShardDown {
  shard: number;
  /** Why, for the logs (the event's `reason`). */
  reason: string;
  /**
   * When the host went down. The inbound worker ignores a status older than the connection's last
   * applied event, so a late report never overrides what a replacement host has published since.
   */
  occurredAt: string;
  /**
   * Names the outage (an ECS task id): every report of the same outage gets the same event ids, so
   * SQS drops a repeat. Omitted, each report is a new fact.
   */
  outageId?: string;
}

export const shardDisconnectedEvents = (down: ShardDown, sessions: ShardSession[]): ChannelEvent[] =>
  sessions.map((session) => ({
    type: 'connection.status',
    status: 'DISCONNECTED',
    reason: down.reason,
    eventId: statusEventId(session.connectionId, 'DISCONNECTED', down.outageId),
    companyId: session.companyId,
    connectionId: session.connectionId,
    occurredAt: down.occurredAt,
  }));
