/**
 * Command lanes (docs/deploy.md "Lanes"): with `SESSION_LANES` = L > 1 the fleet's commands travel on
 * L outbound queues, a connection's on lane `laneOf(connectionId, L)`. Each host serves one lane for
 * its whole life (the queue its consumer reads) and claims only that lane's connections, so a command
 * is handed back among about H / L hosts instead of H. Pure choices, tested on their own.
 */
import { createHash } from 'node:crypto';
import { laneOf, type HostLease } from '@atende/functions/shared-surface';

/** What a host knows of its own lane. */
export interface LaneOfHost {
  lane: number;
  lanes: number;
}

/** A host of the same lane layout (a deploy that changes L runs old and new hosts side by side). */
export const sameLayout = (host: Pick<HostLease, 'lanes'>, self: LaneOfHost) => host.lanes === self.lanes;

/** A host of the same lane as `self`, under the same layout. */
export const isLaneMate = (host: Pick<HostLease, 'lane' | 'lanes'>, self: LaneOfHost) =>
  sameLayout(host, self) && host.lane === self.lane;

/** Whether `self` may claim the connection: it is in the host's lane. */
export const inLane = (connectionId: string, self: LaneOfHost) => laneOf(connectionId, self.lanes) === self.lane;

/**
 * The lane a joining host serves: the one with the fewest live hosts (of the same layout), so a lane
 * whose hosts died is the first to be filled again by ECS's replacements. Ties are broken by a hash
 * of the host id, so hosts that start together (a new stage, a full redeploy) spread over the tied
 * lanes instead of all taking the first.
 */
export function chooseLane(input: { hostId: string; lanes: number; live: Pick<HostLease, 'lane' | 'lanes'>[] }): number {
  if (input.lanes <= 1) return 0;
  const counts = Array.from({ length: input.lanes }, () => 0);
  for (const host of input.live) if (host.lanes === input.lanes && host.lane < input.lanes) counts[host.lane]! += 1;
  const fewest = Math.min(...counts);
  const tied = counts.flatMap((count, lane) => (count === fewest ? [lane] : []));
  const place = createHash('sha256').update(input.hostId).digest().readUInt32BE(4);
  return tied[place % tied.length]!;
}
