import {
  claimConnection,
  createFreeLease,
  getConnectionLease,
  laneOf,
  leaseOwnerId,
  listHostLeases,
  NO_OWNER,
  type ConnectionLease,
} from '@atende/functions/shared-surface';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { ensureTable } from '../../infra/local/emulators/dynamodb-local';
import { CredentialsSupersededError, DynamoDbAuthStateStore } from '../src/auth-state/dynamodb-auth-state';
import { FleetMember, type FleetSessions } from '../src/fleet/fleet-member';
import { FleetRegistry } from '../src/fleet/fleet-registry';
import { createLogger } from '../src/logger';
import { createTestEnvironment, type TestEnvironment } from './support/environment';

const TTL = 20_000;
const RENEW = 5_000;

/**
 * Sessions that only record what runs where. `running` is shared by every host of a test, so a
 * connection opened on one host while it still runs on another is caught the moment it happens.
 */
class RecordedSessions implements FleetSessions {
  readonly opened: ConnectionLease[] = [];
  /** Closing waits for this (a slow socket close); `closing` counts the closes under way. */
  closeGate: Promise<void> | undefined;
  closing = 0;
  constructor(
    readonly name: string,
    private readonly running: Map<string, string>,
    private readonly violations: string[],
  ) {}
  async open(lease: ConnectionLease): Promise<void> {
    const other = this.running.get(lease.connectionId);
    if (other && other !== this.name) this.violations.push(`${lease.connectionId} on ${other} and ${this.name}`);
    this.running.set(lease.connectionId, this.name);
    this.opened.push(lease);
  }
  async close(connectionId: string): Promise<void> {
    this.closing += 1;
    await this.closeGate;
    if (this.running.get(connectionId) === this.name) this.running.delete(connectionId);
    this.closing -= 1;
  }
  restarts = 0;
  async restart(): Promise<void> {
    this.restarts += 1;
  }
  count(): number {
    return [...this.running.values()].filter((name) => name === this.name).length;
  }
}

describe('session-host fleet leases', () => {
  let env: TestEnvironment;
  let clock: number;
  let running: Map<string, string>;
  let violations: string[];
  let company = 0;
  const log = createLogger('silent');

  beforeAll(async () => {
    env = await createTestEnvironment();
  });
  afterAll(() => env.destroy());
  let tableName: string;
  beforeEach(async () => {
    clock = 1_000_000_000;
    running = new Map();
    violations = [];
    company += 1;
    // The fleet's items are platform-wide: each test gets its own table.
    tableName = `${env.config.tableName}-${company}`;
    await ensureTable(inject('ddbEndpoint'), tableName);
  });

  const table = () => ({ ddb: env.clients.ddb, tableName });
  const member = (name: string, cap = 100, lanes = 1) => {
    const sessions = new RecordedSessions(name, running, violations);
    const fleet = new FleetMember({
      table: table(),
      hostId: `${name}-${company}`,
      cap,
      sessions,
      log,
      timing: { ttlMs: TTL, renewMs: RENEW },
      now: () => clock,
      rebalanceCooldownTicks: 0,
      lanes,
    });
    return { fleet, sessions };
  };
  const ref = (n: number, companyId = `co-${company}`) => ({ companyId, connectionId: `conn-${company}-${n}` });
  const seed = async (fleet: FleetMember, count: number, companies = 1) => {
    for (let n = 0; n < count; n++) {
      const lease = await fleet.claimFor(ref(n, `co-${company}-${n % companies}`), 'simulator');
      expect(lease).toBeDefined();
    }
  };

  it('claims a new connection once: the first host holds it with token 1, another host is refused', async () => {
    const a = member('a');
    const b = member('b');
    await a.fleet.tick();
    await b.fleet.tick();

    const lease = await a.fleet.claimFor(ref(1), 'simulator');
    expect(lease).toMatchObject({ owner: a.fleet.hostId, token: 1 });
    expect(await b.fleet.claimFor(ref(1), 'simulator')).toBeUndefined();
    expect(a.fleet.owns(ref(1).connectionId)).toBe(true);
    expect(b.fleet.owns(ref(1).connectionId)).toBe(false);
  });

  it('takes a claim whose retry found it already applied as a success (SDK retry after a timeout)', async () => {
    const claim = { hostId: 'h-1', from: undefined, now: clock };
    const first = await claimConnection({ ...ref(9), adapter: 'simulator' }, claim, table());
    // the same call again, as the SDK sends it when the first answer timed out
    const retried = await claimConnection({ ...ref(9), adapter: 'simulator' }, claim, table());
    expect(retried).toEqual(first);
    expect(
      await claimConnection({ ...ref(9), adapter: 'simulator' }, { hostId: 'h-2', from: NO_OWNER, now: clock }, table()),
    ).toBeUndefined();
  });

  it('keeps its connections while it renews: a peer never takes them', async () => {
    const a = member('a');
    const b = member('b');
    await a.fleet.tick();
    await seed(a.fleet, 4);
    await b.fleet.tick();
    for (let i = 0; i < 10; i++) {
      clock += RENEW;
      await a.fleet.tick();
      await b.fleet.tick();
    }
    // b asked a for half (rebalancing), but nothing moved without a closing first
    expect(a.fleet.held.length + b.fleet.held.length).toBe(4);
    expect(violations).toEqual([]);
    for (const lease of b.fleet.held) expect(lease.token).toBe(2);
  });

  it('takes over a dead host’s connections after its lease expires, not before, and removes its item', async () => {
    const a = member('a');
    const b = member('b');
    await a.fleet.tick();
    await seed(a.fleet, 6);
    await b.fleet.tick();
    // a is SIGKILLed: it never ticks again, its sessions die with it
    for (const [conn, host] of running) if (host === 'a') running.delete(conn);

    clock += TTL - 1;
    await b.fleet.tick();
    expect(b.fleet.held).toHaveLength(0);

    clock += 2;
    await b.fleet.tick();
    expect(b.fleet.held).toHaveLength(6);
    expect(b.sessions.opened.map((l) => l.token)).toEqual(Array(6).fill(2));
    clock += RENEW;
    await b.fleet.tick();
    expect((await listHostLeases(table())).map((h) => h.hostId)).not.toContain(a.fleet.hostId);
  });

  it('refuses a zombie’s Signal key and credential writes once the new owner loaded them (fencing token)', async () => {
    const a = member('a');
    const b = member('b');
    await a.fleet.tick();
    const leaseA = (await a.fleet.claimFor(ref(1), 'simulator'))!;
    const store = new DynamoDbAuthStateStore(table());
    const zombie = store.forConnection(leaseA.companyId, leaseA.connectionId, leaseOwnerId(leaseA));
    const creds = await zombie.load();
    creds.me = { id: '5511999990001:1@s.whatsapp.net' };
    await zombie.saveCreds();
    await zombie.keys.set({ session: { peer: Buffer.from('zombie-1') } });

    clock += TTL + 1; // a stalls (GC pause, network partition) past its lease
    await b.fleet.tick();
    const leaseB = b.fleet.leaseOf(leaseA.connectionId)!;
    expect(leaseB.token).toBe(leaseA.token + 1);
    const owner = store.forConnection(leaseB.companyId, leaseB.connectionId, leaseOwnerId(leaseB));
    await owner.load();
    await owner.keys.set({ session: { peer: Buffer.from('current') } });

    // a wakes up and writes before it noticed anything
    await expect(zombie.keys.set({ session: { peer: Buffer.from('zombie-2') } })).rejects.toBeInstanceOf(
      CredentialsSupersededError,
    );
    await expect(zombie.saveCreds()).rejects.toBeInstanceOf(CredentialsSupersededError);
    const stored = await store.forConnection(leaseB.companyId, leaseB.connectionId).keys.get('session', ['peer']);
    expect(Buffer.from(stored.peer!).toString()).toBe('current');
  });

  it('makes a host whose lease expired drop every session and rejoin under a new incarnation', async () => {
    const a = member('a');
    await a.fleet.tick();
    await seed(a.fleet, 3);
    for (let n = 0; n < 3; n++) running.set(ref(n).connectionId, 'a');
    const first = a.fleet.hostId;

    clock += TTL + 1;
    await a.fleet.tick();
    expect(a.fleet.held).toHaveLength(0);
    expect(a.sessions.count()).toBe(0);
    expect(a.fleet.hostId).not.toBe(first);
    await a.fleet.tick(); // rejoins, and claims its old connections back from its dead incarnation
    clock += 1;
    await a.fleet.tick();
    expect(a.fleet.held).toHaveLength(3);
    expect(violations).toEqual([]);
  });

  it('moves a connection to a new host only after its owner closed it (rebalancing)', async () => {
    const a = member('a');
    await a.fleet.tick();
    await seed(a.fleet, 10, 2);
    for (let n = 0; n < 10; n++) running.set(ref(n, `co-${company}-${n % 2}`).connectionId, 'a');
    let openGate!: () => void;
    a.sessions.closeGate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    clock += RENEW;
    await a.fleet.tick(); // reports what it runs

    const b = member('b');
    await b.fleet.tick(); // joins, finds no orphans, asks a
    expect((await listHostLeases(table())).find((h) => h.hostId === a.fleet.hostId)?.releaseWanted).toBe(5);
    clock += RENEW;
    const closing = a.fleet.tick(); // a closes five, slowly
    while (a.sessions.closing === 0) await new Promise((r) => setTimeout(r, 5));
    await b.fleet.tick(); // meanwhile b finds nothing it may take
    expect(b.fleet.held).toHaveLength(0);
    // a no longer counts the closing connection as its own: commands for it go back to the queue
    // (for b, once it holds it) instead of failing on a closed socket
    const closingNow = [...running.keys()].filter((id) => !a.fleet.owns(id));
    expect(closingNow.length).toBeGreaterThan(0);
    openGate();
    await closing;
    clock += RENEW;
    await b.fleet.tick();

    expect(a.fleet.held).toHaveLength(5);
    expect(b.fleet.held).toHaveLength(5);
    expect(violations).toEqual([]);
    // one company's connections end up on both hosts
    const companiesOnB = new Set(b.fleet.held.map((l) => l.companyId));
    expect(companiesOnB.size).toBe(2);
    for (const lease of b.fleet.held) {
      expect((await getConnectionLease(lease, table()))?.owner).toBe(b.fleet.hostId);
    }
  });

  it('never holds more than its cap, and leaves the rest for others', async () => {
    const a = member('a');
    await a.fleet.tick();
    await seed(a.fleet, 8);
    for (const [conn, host] of running) if (host === 'a') running.delete(conn);
    clock += TTL + 1;
    const small = member('small', 3);
    await small.fleet.tick();
    expect(small.fleet.held).toHaveLength(3);
    const big = member('big', 10);
    for (let i = 0; i < 3; i++) {
      await big.fleet.tick();
      clock += RENEW;
      await small.fleet.tick();
    }
    expect(small.fleet.held).toHaveLength(3);
    expect(big.fleet.held).toHaveLength(5);
  });

  it('releases every connection on a graceful stop, so a peer claims them on its next round', async () => {
    const a = member('a');
    const b = member('b');
    await a.fleet.tick();
    await b.fleet.tick();
    await seed(a.fleet, 4);
    await a.fleet.stop();
    expect(a.sessions.count()).toBe(0);
    await b.fleet.tick();
    expect(b.fleet.held).toHaveLength(4);
    expect((await listHostLeases(table())).map((h) => h.hostId)).not.toContain(a.fleet.hostId);
  });

  it('restarts every host once per "restart service", whichever host received it, and not a host that joins later', async () => {
    const a = member('a');
    const b = member('b');
    const c = member('c');
    for (const m of [a, b, c]) await m.fleet.tick();
    const round = async (...members: (typeof a)[]) => {
      clock += RENEW;
      for (const m of members) {
        await m.fleet.tick();
        await m.fleet.restartDone;
      }
    };
    // b receives the command; the queue delivers it twice (at-least-once)
    const registry = new FleetRegistry(b.fleet, 'simulator');
    await registry.restartFleet('cmd-restart-1');
    await registry.restartFleet('cmd-restart-1');
    await round(a, b, c);
    await round(a, b, c);
    expect([a, b, c].map((m) => m.sessions.restarts)).toEqual([1, 1, 1]);

    const late = member('late');
    await round(a, b, c, late);
    expect(late.sessions.restarts).toBe(0);

    await a.fleet.requestRestart('cmd-restart-2');
    await round(a, b, c, late);
    expect([a, b, c, late].map((m) => m.sessions.restarts)).toEqual([2, 2, 2, 1]);
  });

  it('with lanes, claims, shares and takes over only within its lane, two hosts per lane', async () => {
    const hosts = ['a', 'b', 'c', 'd'].map((name) => member(name, 100, 2));
    for (const m of hosts) await m.fleet.tick();
    const inLane = (lane: number) => hosts.filter((m) => m.fleet.lane === lane);
    expect([inLane(0).length, inLane(1).length]).toEqual([2, 2]);
    // 6 free connections in each lane (as a shard deployment's pins become)
    const refs: ReturnType<typeof ref>[] = [];
    for (let n = 0; refs.filter((r) => laneOf(r.connectionId, 2) === 0).length < 7 || refs.length < 14; n++) {
      const candidate = ref(n);
      const lane = laneOf(candidate.connectionId, 2);
      if (refs.filter((r) => laneOf(r.connectionId, 2) === lane).length < 7) refs.push(candidate);
    }
    const [extra0, ...rest] = refs.filter((r) => laneOf(r.connectionId, 2) === 0);
    const free = [...rest, ...refs.filter((r) => laneOf(r.connectionId, 2) === 1).slice(1)];
    for (const r of free) await createFreeLease({ ...r, adapter: 'simulator' }, table());
    for (let round = 0; round < 3; round++) {
      clock += RENEW;
      for (const m of hosts) await m.fleet.tick();
    }
    for (const m of hosts) {
      expect(m.fleet.held).toHaveLength(3);
      for (const lease of m.fleet.held) expect(laneOf(lease.connectionId, 2)).toBe(m.fleet.lane);
      expect(m.fleet.laneHosts).toBe(2);
    }
    // a session.start received by a host of the other lane is not claimed there (its commands go to lane 0)
    const [victim, mate] = inLane(0);
    expect(await inLane(1)[0]!.fleet.claimFor(extra0!, 'simulator')).toBeUndefined();
    expect(await victim!.fleet.claimFor(extra0!, 'simulator')).toBeDefined();

    // a lane-0 host is SIGKILLed: its lane mate takes its 4 connections once its lease expired; lane 1 does not move
    for (const [conn, host] of running) if (host === victim!.sessions.name) running.delete(conn);
    for (let waited = 0; waited <= TTL; waited += RENEW) {
      clock += RENEW;
      for (const m of hosts.filter((h) => h !== victim)) await m.fleet.tick();
    }
    expect(mate!.fleet.held).toHaveLength(7);
    for (const m of inLane(1)) expect(m.fleet.held).toHaveLength(3);
    expect(mate!.fleet.laneHosts).toBe(1);
    expect(violations).toEqual([]);
  });
});
