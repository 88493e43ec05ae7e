/**
 * A session host killed hard publishes nothing, so its connections would keep showing CONNECTED.
 * Whoever watches it (the hostwatch Lambda on an ECS task-stopped event, the local runner when its
 * child process dies) reports every session registered on the shard as DISCONNECTED on its behalf,
 * through the inbound queue like any channel event. When the host comes back it publishes OPENING
 * and CONNECTED as it resumes them.
 */
import type { ChannelEvent } from '@atende/shared';
import { listShardSessions, type TableRef } from '../../data/shard-registry';
import { statusEventId } from '../../platform/channel-event-ids';
import { sendChannelEvent } from '../../platform/queues';

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

/** Defaults: the process's table and `sendChannelEvent`. The session host passes its own client and publisher. */
export interface ShardDownIo {
  table?: TableRef;
  publish?: (event: ChannelEvent) => Promise<void>;
}

/** Publishes DISCONNECTED for each session of the shard; returns how many. */
export async function reportShardDisconnected(down: ShardDown, io: ShardDownIo = {}): Promise<number> {
  const publish = io.publish ?? sendChannelEvent;
  const sessions = await listShardSessions(down.shard, io.table);
  await Promise.all(sessions.map((session) => publish({
    type: 'connection.status',
    status: 'DISCONNECTED',
    reason: down.reason,
    eventId: statusEventId(session.connectionId, 'DISCONNECTED', down.outageId),
    companyId: session.companyId,
    connectionId: session.connectionId,
    occurredAt: down.occurredAt,
  })));
  return sessions.length;
}
