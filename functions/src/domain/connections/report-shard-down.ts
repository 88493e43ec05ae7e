/**
 * A session host killed hard publishes nothing, so its connections would keep showing CONNECTED.
 * Whoever watches it (the hostwatch Lambda on an ECS task-stopped event, the local runner when its
 * child process dies) reports every session registered on the shard as DISCONNECTED on its behalf,
 * through the inbound queue like any channel event. When the host comes back it publishes OPENING
 * and CONNECTED as it resumes them. The events are built in shared-surface/shard-down-events.ts,
 * which the local runner's reporter (session-host) uses too.
 */
import { listShardSessions } from '../../data/shard-registry';
import { sendChannelEvent } from '../../platform/queues';
import { shardDisconnectedEvents, type ShardDown } from '../../shared-surface/shard-down-events';

export type { ShardDown };

/** Publishes DISCONNECTED for each session of the shard; returns how many. */
export async function reportShardDisconnected(down: ShardDown): Promise<number> {
  const events = shardDisconnectedEvents(down, await listShardSessions(down.shard));
  await Promise.all(events.map((event) => sendChannelEvent(event)));
  return events.length;
}
