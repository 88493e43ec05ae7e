/**
 * When every session host of the fleet is dead (or none has room), nobody claims a dead host's
 * connections and nobody publishes for them: without this they would show CONNECTED forever. The
 * one-minute tick looks at the fleet's host leases (one partition, hundreds of items); a host whose
 * lease expired more than `FLEET_DOWN_GRACE_MS` ago and still holds connections gets them reported
 * DISCONNECTED through the inbound queue, as hostwatch does for a dead shard, once (the host item is
 * marked). The events are dated when the lease expired: a host that claims the connection later
 * publishes OPENING/CONNECTED after that instant, and the inbound worker never lets an older status
 * undo a newer one, so a report that crosses a claim changes nothing.
 *
 * Bound: death → lease expiry (≤ 20 s) → grace (30 s) → next tick (≤ 60 s): under two minutes.
 */
import { listAllLeasesOwnedBy, type ConnectionLease } from '../../data/connection-leases';
import { markHostReportedDown, readFleet, type HostLease } from '../../data/fleet-hosts';
import { processTable } from '../../data/table-operations';
import { sendChannelEvent } from '../../platform/queues';
import { shardDisconnectedEvents } from '../../shared-surface/shard-down-events';

/** Live hosts claim a dead host's connections within a round (5 s) of its expiry; past this, nobody did. */
export const FLEET_DOWN_GRACE_MS = 30_000;
/** Dead hosts reported per tick (each at most its cap of connections); the rest on the next ticks. */
export const FLEET_DOWN_HOSTS_PER_TICK = 20;
export const FLEET_DOWN_REASON = 'session host stopped responding';

export interface FleetDownResult {
  hosts: number;
  reported: number;
}

const isReportable = (host: HostLease, now: number) =>
  host.downReportedAt === undefined && host.leaseUntil + FLEET_DOWN_GRACE_MS <= now;

export async function reportDeadFleetHosts(now = Date.now()): Promise<FleetDownResult> {
  const table = processTable();
  const { hosts } = await readFleet(table);
  const dead = hosts.filter((host) => isReportable(host, now)).slice(0, FLEET_DOWN_HOSTS_PER_TICK);
  let reported = 0;
  for (const host of dead) {
    const left = await listAllLeasesOwnedBy(host.hostId, table);
    const events = shardDisconnectedEvents(
      // The outage is the host's incarnation: a repeat of this report gets the same event ids.
      { shard: 0, reason: FLEET_DOWN_REASON, occurredAt: new Date(host.leaseUntil).toISOString(), outageId: host.hostId },
      left.map(asSession),
    );
    await Promise.all(events.map((event) => sendChannelEvent(event)));
    // Marked only after every event is queued: a failure in between reports again next tick (same ids).
    await markHostReportedDown(host.hostId, { leaseUntil: host.leaseUntil, now }, table);
    reported += events.length;
  }
  return { hosts: dead.length, reported };
}

const asSession = (lease: ConnectionLease) => ({
  companyId: lease.companyId,
  connectionId: lease.connectionId,
  adapter: lease.adapter,
  registeredAt: new Date(lease.claimedAt).toISOString(),
});
