/**
 * One host's part in the session-host fleet (issue 29, docs/deploy.md "Fleet"): it holds a host
 * lease it renews every `renewMs` (valid `ttlMs`), and the connections it claimed. On each tick it
 *
 * 1. renews its lease; a renewal refused (the lease expired: a long pause) means others may have
 *    claimed its connections, so it drops every session at once and rejoins under a new incarnation;
 * 2. gives back the connections other hosts asked for (rebalancing), each only after its session is
 *    closed and its auth writes flushed, so one WhatsApp session never runs on two hosts;
 * 3. claims orphans (released connections, and those of hosts whose lease expired) up to its fair
 *    share and its cap, spreading each company's connections; removes dead hosts' items once empty;
 * 4. with no orphans left and fewer than its share, asks the most loaded host to release some;
 * 5. restarts its sessions once when the fleet's restart generation grew ("restart service" reaches
 *    every host: whichever host receives `host.restart` bumps the generation, `requestRestart`).
 *
 * A claim bumps the connection's fencing token; the auth state writes as `<hostId>#<token>`, so a
 * zombie's credential and Signal key writes fail from the moment the new owner loads them.
 *
 * Lanes (`lanes` > 1, fleet-lanes.ts): the host serves the lane it chose when it first joined, for its
 * whole life (its consumer reads that lane's queue); it claims, shares and rebalances only with the
 * live hosts of its lane, and only the connections of its lane.
 */
import {
  acknowledgeReleaseRequests,
  claimConnection,
  dropConnectionLease,
  getConnectionLease,
  listHostLeases,
  listLeasesOwnedBy,
  NO_OWNER,
  readFleet,
  releaseConnection,
  removeHostLease,
  renewHostLease,
  requestFleetRestart,
  requestRelease,
  type ConnectionLease,
  type ConnectionRef,
  type HostLease,
  type TableRef,
} from '@atende/functions/shared-surface';
import type { AdapterKind } from '@atende/shared';
import type { Logger } from '../logger';
import { fairShare, pickDonor, pickToClaim, pickToRelease, rotateFor } from './fleet-choice';
import { chooseLane, inLane, isLaneMate, sameLayout, type LaneOfHost } from './fleet-lanes';

/** What the fleet asks of the host's sessions. */
export interface FleetSessions {
  /** Starts the connection's session with auth writes fenced by `lease`. */
  open(lease: ConnectionLease): Promise<void>;
  /** Closes the session (socket stopped, auth writes flushed); the connection stays registered. */
  close(connectionId: string): Promise<void>;
  /** Closes and reopens every session of the host, credentials kept ("restart service"). */
  restart(): Promise<void>;
}

export interface FleetTiming {
  /** How long a host lease lasts without renewal (default 20 s). */
  ttlMs: number;
  /** How often a host renews, claims and rebalances (default 5 s). */
  renewMs: number;
}

export const DEFAULT_FLEET_TIMING: FleetTiming = { ttlMs: 20_000, renewMs: 5_000 };

export interface FleetMemberOptions {
  table: TableRef;
  hostId: string;
  /** Most connections this host runs. */
  cap: number;
  sessions: FleetSessions;
  log: Logger;
  timing?: Partial<FleetTiming>;
  now?: () => number;
  /** Command lanes of the fleet (`SESSION_LANES`, default 1). */
  lanes?: number;
  /** Orphans read per owner per tick (one GSI page; default 100 per lane, since a page holds every lane's). */
  scanLimit?: number;
  /** Ticks to wait after asking for a release before asking again. */
  rebalanceCooldownTicks?: number;
}

export class FleetMember {
  private readonly owned = new Map<string, ConnectionLease>();
  private readonly timing: FleetTiming;
  private readonly now: () => number;
  private incarnation = 0;
  private registered = false;
  private lastRenewedAt = 0;
  private cooldown = 0;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  /** The fleet's restart generation this host has applied; unknown until its first round. */
  private restartSeen: number | undefined;
  private restarting: Promise<void> | undefined;
  private stopped = false;
  /** Chosen on the first join and kept across incarnations: the host's consumer reads its queue. */
  private laneChosen: number | undefined;
  /** Live hosts of this host's lane, itself included, as of its last round. */
  private mates = 1;

  constructor(private readonly options: FleetMemberOptions) {
    this.timing = { ...DEFAULT_FLEET_TIMING, ...options.timing };
    this.now = options.now ?? Date.now;
  }

  /** The id this host's leases carry (a new incarnation after it was fenced). */
  get hostId(): string {
    return this.incarnation === 0 ? this.options.hostId : `${this.options.hostId}~${this.incarnation}`;
  }

  owns(connectionId: string): boolean {
    return this.owned.has(connectionId);
  }

  leaseOf(connectionId: string): ConnectionLease | undefined {
    return this.owned.get(connectionId);
  }

  get held(): ConnectionLease[] {
    return [...this.owned.values()];
  }

  /** The lane this host serves (known once `start` resolved; 0 without lanes). */
  get lane(): number {
    return this.laneChosen ?? 0;
  }

  /** How many live hosts read this host's lane queue, itself included (the outbound consumer's hand-back pace). */
  get laneHosts(): number {
    return this.mates;
  }

  private get layout(): LaneOfHost {
    return { lane: this.lane, lanes: this.options.lanes ?? 1 };
  }

  /** Chooses the lane (a failure here fails the host's start: its consumer needs the lane), then joins. */
  async start(): Promise<void> {
    await this.chooseLaneOnce();
    await this.tick();
    this.timer = setInterval(() => void this.tick(), this.timing.renewMs);
  }

  /** One round (the timer calls it; tests call it directly). Rounds never overlap. */
  tick(): Promise<void> {
    this.ticking ??= this.round()
      .catch((err) => this.options.log.error({ err, hostId: this.hostId }, 'fleet round failed'))
      .finally(() => {
        this.ticking = undefined;
      });
    return this.ticking;
  }

  /**
   * A connection named by a command that nobody holds yet (`session.start`, `session.newQr`): claimed
   * here if it has no lease or is free, and this host has room. Undefined: another host holds it.
   */
  async claimFor(ref: ConnectionRef, adapter: AdapterKind): Promise<ConnectionLease | undefined> {
    const mine = this.owned.get(ref.connectionId);
    if (mine) return mine;
    if (this.stopped || !this.registered || !inLane(ref.connectionId, this.layout)) return undefined;
    const table = this.options.table;
    const current = await getConnectionLease(ref, table);
    if (current && current.owner !== NO_OWNER && !(await this.isDead(current.owner))) return undefined;
    const lease = await claimConnection(
      { ...ref, adapter },
      { hostId: this.hostId, from: current?.owner, now: this.now() },
      table,
    );
    if (lease) this.owned.set(lease.connectionId, lease);
    return lease;
  }

  /** "Restart service": every host of the fleet restarts its sessions once, on its next round. */
  async requestRestart(commandId: string): Promise<void> {
    await requestFleetRestart(commandId, this.now(), this.options.table);
  }

  /** The restart under way, if any (tests wait for it). */
  get restartDone(): Promise<void> {
    return this.restarting ?? Promise.resolve();
  }

  /** The connection stops for good (logout, stop): its lease goes; its session is the caller's to end. */
  async forget(connectionId: string): Promise<void> {
    const lease = this.owned.get(connectionId);
    if (!lease) return;
    this.owned.delete(connectionId);
    await dropConnectionLease(lease, this.options.table);
  }

  /** Graceful stop (SIGTERM, scale-in): every connection closed and released, so others claim them at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.ticking;
    await this.release(this.held);
    if (this.registered) await removeHostLease(this.hostId, undefined, this.options.table);
  }

  // ------------------------------------------------------------------ the round

  /** The lane with the fewest live hosts, chosen once for the process's life. */
  private async chooseLaneOnce(): Promise<void> {
    if (this.laneChosen !== undefined) return;
    const lanes = this.options.lanes ?? 1;
    const live = lanes > 1 ? (await listHostLeases(this.options.table)).filter((h) => h.leaseUntil >= this.now()) : [];
    this.laneChosen = chooseLane({ hostId: this.options.hostId, lanes, live });
    if (lanes > 1) this.options.log.info({ hostId: this.hostId, lane: this.laneChosen, lanes }, 'serving command lane');
  }

  private async round(): Promise<void> {
    if (this.stopped) return;
    await this.chooseLaneOnce();
    const table = this.options.table;
    const now = this.now();
    const expired = this.registered && now > this.lastRenewedAt + this.timing.ttlMs;
    const lease = expired
      ? undefined
      : await renewHostLease(
          {
            hostId: this.hostId,
            startedAt: new Date(now).toISOString(),
            cap: this.options.cap,
            sessions: this.owned.size,
            ...this.layout,
          },
          { now, ttlMs: this.timing.ttlMs, first: !this.registered },
          table,
        );
    if (!lease) return this.fenced();
    this.registered = true;
    this.lastRenewedAt = now;
    if (lease.releaseWanted > 0) {
      await this.release(pickToRelease(this.held, lease.releaseWanted));
      await acknowledgeReleaseRequests(this.hostId, lease.releaseWanted, table);
    }
    const fleet = await readFleet(table);
    this.followRestart(fleet.restartGeneration);
    const layout = this.layout;
    const hosts = fleet.hosts;
    const alive = (h: HostLease) => h.leaseUntil >= now || h.hostId === this.hostId;
    // Shares and rebalancing are among the lane's hosts: another lane's host never runs our connections.
    const live = hosts.filter((h) => alive(h) && isLaneMate(h, layout));
    this.mates = Math.max(1, live.length);
    // A dead host of another lane is its lane mates' to empty; one of another layout (a deploy changing
    // the lane count) may hold connections of any lane, so every host looks.
    const dead = hosts.filter((h) => !alive(h) && (isLaneMate(h, layout) || !sameLayout(h, layout)));
    const limit = this.options.scanLimit ?? 100 * layout.lanes;
    const orphans = (await listLeasesOwnedBy(NO_OWNER, limit, table)).filter((c) => inLane(c.connectionId, layout));
    for (const host of dead) {
      const all = await listLeasesOwnedBy(host.hostId, limit, table);
      if (all.length === 0) await removeHostLease(host.hostId, host.leaseUntil, table);
      orphans.push(...all.filter((c) => inLane(c.connectionId, layout)));
    }
    const running = live.reduce((sum, h) => sum + (h.hostId === this.hostId ? this.owned.size : h.sessions), 0);
    const share = fairShare({ caps: live.map((h) => h.cap), total: running + orphans.length, cap: this.options.cap });
    if (orphans.length > 0) {
      const wanted = Math.max(0, share - this.owned.size);
      await this.claim(pickToClaim(rotateFor(this.hostId, orphans), this.held, wanted));
      return;
    }
    if (this.cooldown > 0) {
      this.cooldown -= 1;
      return;
    }
    const donor = pickDonor(live, { hostId: this.hostId, held: this.owned.size }, share);
    if (donor) {
      await requestRelease(donor.hostId, donor.count, table);
      this.cooldown = this.options.rebalanceCooldownTicks ?? 2;
      this.options.log.info({ hostId: this.hostId, donor }, 'asked for connections');
    }
  }

  /**
   * A host that joins takes the current generation as applied (its sessions have just opened). A
   * restart runs beside the rounds (300 sessions take longer than a lease), one at a time; a request
   * that arrives meanwhile is applied on the first round after it ends.
   */
  private followRestart(generation: number): void {
    if (this.restartSeen === undefined || generation < this.restartSeen) {
      this.restartSeen = generation;
      return;
    }
    if (generation === this.restartSeen || this.restarting) return;
    this.restartSeen = generation;
    this.options.log.info({ hostId: this.hostId, generation }, 'restarting sessions (restart service)');
    this.restarting = this.options.sessions
      .restart()
      .catch((err) => this.options.log.error({ err, hostId: this.hostId }, 'restart failed'))
      .finally(() => {
        this.restarting = undefined;
      });
  }

  private async claim(candidates: ConnectionLease[]): Promise<void> {
    for (const candidate of candidates) {
      if (this.stopped) return;
      const lease = await claimConnection(
        candidate,
        { hostId: this.hostId, from: candidate.owner, now: this.now() },
        this.options.table,
      );
      if (!lease) continue; // another host was faster
      this.owned.set(lease.connectionId, lease);
      await this.options.sessions
        .open(lease)
        .catch((err) =>
          this.options.log.error({ err, connectionId: lease.connectionId }, 'claimed connection did not open'),
        );
    }
  }

  /**
   * Each session closed (and its writes flushed) before its lease is given back. The connection stops
   * counting as ours first, so a command waiting on it is handed back for the next holder instead of
   * failing when its socket closes; nobody else can claim it until the lease is released.
   */
  private async release(leases: ConnectionLease[]): Promise<void> {
    for (const lease of leases) {
      this.owned.delete(lease.connectionId);
      await this.options.sessions
        .close(lease.connectionId)
        .catch((err) => this.options.log.warn({ err, connectionId: lease.connectionId }, 'session did not close cleanly'));
      await releaseConnection(lease, this.options.table);
    }
  }

  /** The lease expired under us: others may already run our connections. Stop them all, rejoin anew. */
  private async fenced(): Promise<void> {
    this.options.log.error({ hostId: this.hostId, alarm: 'fleet-lease-lost' }, 'host lease lost; dropping sessions');
    const held = this.held;
    this.owned.clear();
    await Promise.all(held.map((lease) => this.options.sessions.close(lease.connectionId).catch(() => undefined)));
    this.incarnation += 1;
    this.registered = false;
  }

  private async isDead(hostId: string): Promise<boolean> {
    const hosts = await listHostLeases(this.options.table);
    const host = hosts.find((h: HostLease) => h.hostId === hostId);
    return !host || host.leaseUntil < this.now();
  }
}
