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
 * 4. with no orphans left and fewer than its share, asks the most loaded host to release some.
 *
 * A claim bumps the connection's fencing token; the auth state writes as `<hostId>#<token>`, so a
 * zombie's credential and Signal key writes fail from the moment the new owner loads them.
 */
import {
  acknowledgeReleaseRequests,
  claimConnection,
  dropConnectionLease,
  getConnectionLease,
  listHostLeases,
  listLeasesOwnedBy,
  NO_OWNER,
  releaseConnection,
  removeHostLease,
  renewHostLease,
  requestRelease,
  type ConnectionLease,
  type ConnectionRef,
  type HostLease,
  type TableRef,
} from '@atende/functions/shared-surface';
import type { AdapterKind } from '@atende/shared';
import type { Logger } from '../logger';
import { fairShare, pickDonor, pickToClaim, pickToRelease } from './fleet-choice';

/** What the fleet asks of the host's sessions. */
export interface FleetSessions {
  /** Starts the connection's session with auth writes fenced by `lease`. */
  open(lease: ConnectionLease): Promise<void>;
  /** Closes the session (socket stopped, auth writes flushed); the connection stays registered. */
  close(connectionId: string): Promise<void>;
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
  /** Orphans read per owner per tick (one GSI page). */
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
  private stopped = false;

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

  async start(): Promise<void> {
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
    if (this.stopped || !this.registered) return undefined;
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

  private async round(): Promise<void> {
    if (this.stopped) return;
    const table = this.options.table;
    const now = this.now();
    const expired = this.registered && now > this.lastRenewedAt + this.timing.ttlMs;
    const lease = expired
      ? undefined
      : await renewHostLease(
          { hostId: this.hostId, startedAt: new Date(now).toISOString(), cap: this.options.cap, sessions: this.owned.size },
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
    const hosts = await listHostLeases(table);
    const live = hosts.filter((h) => h.leaseUntil >= now || h.hostId === this.hostId);
    const dead = hosts.filter((h) => !live.includes(h));
    const limit = this.options.scanLimit ?? 100;
    const orphans = await listLeasesOwnedBy(NO_OWNER, limit, table);
    for (const host of dead) {
      const left = await listLeasesOwnedBy(host.hostId, limit, table);
      if (left.length === 0) await removeHostLease(host.hostId, host.leaseUntil, table);
      orphans.push(...left);
    }
    const running = live.reduce((sum, h) => sum + (h.hostId === this.hostId ? this.owned.size : h.sessions), 0);
    const share = fairShare({ caps: live.map((h) => h.cap), total: running + orphans.length, cap: this.options.cap });
    if (orphans.length > 0) {
      await this.claim(pickToClaim(orphans, this.held, Math.max(0, share - this.owned.size)));
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
