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
import { endHostLease, markHostReportedDown, readFleet, type HostLease } from '../../data/fleet-hosts';
import { processTable, type TableRef } from '../../data/table-operations';
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
  for (const host of dead) reported += await reportLeftBehind(host, now, table);
  return { hosts: dead.length, reported };
}

/** A host's id, or one of its later incarnations (`<hostId>~<n>`, after it was fenced: fleet-member.ts). */
const isIncarnationOf = (hostId: string, base: string) => hostId === base || hostId.startsWith(`${base}~`);

/**
 * Hosts known to be gone, without waiting for their lease to run out: locally, the runner sees a host
 * process exit (`hostId`, every incarnation of it), or starts on a data folder whose earlier run's
 * hosts are all gone (no `hostId`). Each lease ends `now`, so live and new hosts claim the connections
 * on their next round; with `report`, what a host left is reported DISCONNECTED at once (dated `now`,
 * marked, so the tick does not report it again) rather than after the lease and the grace. A host that
 * claims a connection later publishes a newer status, which the report never undoes.
 */
export async function retireFleetHosts(options: {
  hostId?: string;
  report: boolean;
  now?: number;
}): Promise<FleetDownResult> {
  const table = processTable();
  const now = options.now ?? Date.now();
  const { hosts } = await readFleet(table);
  const gone = hosts.filter((host) => options.hostId === undefined || isIncarnationOf(host.hostId, options.hostId));
  let reported = 0;
  for (const host of gone) {
    const ended =
      host.leaseUntil > now ? await endHostLease(host.hostId, { leaseUntil: host.leaseUntil, now }, table) : host;
    if (options.report && ended && ended.downReportedAt === undefined) reported += await reportLeftBehind(ended, now, table);
  }
  return { hosts: gone.length, reported };
}

/** AP-FL4: the connections a dead host still holds, reported DISCONNECTED as of its lease's end; the host marked. */
async function reportLeftBehind(host: HostLease, now: number, table: TableRef): Promise<number> {
  const left = await listAllLeasesOwnedBy(host.hostId, table);
  const events = shardDisconnectedEvents(
    // The outage is the host's incarnation: a repeat of this report gets the same event ids.
    { shard: 0, reason: FLEET_DOWN_REASON, occurredAt: new Date(host.leaseUntil).toISOString(), outageId: host.hostId },
    left.map(asSession),
  );
  await Promise.all(events.map((event) => sendChannelEvent(event)));
  // Marked only after every event is queued: a failure in between reports again next tick (same ids).
  await markHostReportedDown(host.hostId, { leaseUntil: host.leaseUntil, now }, table);
  return events.length;
}

const asSession = (lease: ConnectionLease) => ({
  companyId: lease.companyId,
  connectionId: lease.connectionId,
  adapter: lease.adapter,
  registeredAt: new Date(lease.claimedAt).toISOString(),
});
