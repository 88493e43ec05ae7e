/**
 * When every fleet host is dead, nobody claims their connections: the one-minute tick reports what a
 * dead host left behind DISCONNECTED (once, dated when its lease expired), and the console sees it
 * through the inbound worker. Against DynamoDB Local and the SQS emulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { ChannelEvent, ConnectionDto } from '@atende/shared';
import { claimConnection, getConnectionLease } from '../src/data/connection-leases';
import { readFleet, renewHostLease } from '../src/data/fleet-hosts';
import { processTable } from '../src/data/table-operations';
import {
  FLEET_DOWN_GRACE_MS,
  FLEET_DOWN_REASON,
  reportDeadFleetHosts,
  retireFleetHosts,
} from '../src/domain/connections/fleet-down';
import { handler as inbound } from '../src/handlers/inbound/index';
import { handler as tick } from '../src/handlers/scheduler/index';
import { logger } from '../src/platform/logger';
import { sendOutboundCommand } from '../src/platform/queues';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { sqsEvent, useLocalQueues } from './support/local-queues';
import { createTestTenant } from './support/tenancy-fixtures';

const TTL = 20_000;
let queues: Awaited<ReturnType<typeof useLocalQueues>>;

beforeAll(async () => {
  await useFreshTable();
  logger.setLogLevel('SILENT');
  queues = await useLocalQueues(1);
});
afterAll(async () => {
  await queues?.stop();
});

/** A host that registered at `at` and never renewed: its lease ends at `at + TTL`. */
async function hostAt(at: number): Promise<{ hostId: string; leaseUntil: number }> {
  const hostId = `host-${ulid()}`;
  const lease = await renewHostLease(
    { hostId, startedAt: new Date(at).toISOString(), cap: 300, sessions: 0 },
    { now: at, ttlMs: TTL, first: true },
    processTable(),
  );
  return { hostId, leaseUntil: lease!.leaseUntil };
}

async function claim(hostId: string, companyId: string, connectionId = ulid(), from?: string) {
  const lease = await claimConnection(
    { companyId, connectionId, adapter: 'baileys' },
    { hostId, from, now: Date.now() },
    processTable(),
  );
  expect(lease).toBeDefined();
  return connectionId;
}

const inboundEvents = async () => (await queues.take<ChannelEvent>('inbound')).map((m) => m.body);

describe('dead fleet hosts', () => {
  it('reports what a dead host still holds DISCONNECTED once, after the grace, and nothing of a live host', async () => {
    // Arrange: one host dead for two minutes holding three connections (one since taken over), one live host.
    const companyId = `c-${ulid()}`;
    const dead = await hostAt(Date.now() - 120_000);
    const live = await hostAt(Date.now());
    const left = [await claim(dead.hostId, companyId), await claim(dead.hostId, companyId)];
    const takenOver = await claim(dead.hostId, companyId);
    await claim(live.hostId, companyId, takenOver, dead.hostId);
    await claim(live.hostId, companyId);

    // Act
    const early = await reportDeadFleetHosts(dead.leaseUntil + FLEET_DOWN_GRACE_MS - 1);
    const eventsEarly = await inboundEvents();
    const first = await reportDeadFleetHosts();
    const events = await inboundEvents();
    const again = await reportDeadFleetHosts();
    const eventsAgain = await inboundEvents();

    // Assert
    expect(early).toEqual({ hosts: 0, reported: 0 });
    expect(eventsEarly).toEqual([]);
    expect(first).toEqual({ hosts: 1, reported: 2 });
    expect(events.map((e) => e.connectionId).sort()).toEqual([...left].sort());
    for (const event of events) {
      expect(event).toMatchObject({
        type: 'connection.status',
        status: 'DISCONNECTED',
        reason: FLEET_DOWN_REASON,
        companyId,
        occurredAt: new Date(dead.leaseUntil).toISOString(),
        eventId: `status:${event.connectionId}:DISCONNECTED:${dead.hostId}`,
      });
    }
    expect(again).toEqual({ hosts: 0, reported: 0 });
    expect(eventsAgain).toEqual([]);
  });

  it('turns a CONNECTED connection DISCONNECTED in the console, and a host that claims it later wins', async () => {
    // Arrange: a real connection, CONNECTED on a host that then died (the whole fleet is gone).
    const t = await createTestTenant();
    const created: ConnectionDto = (
      await apiCall('whatsapp', 'POST', '/whatsapp', { token: t.admin.token, body: { name: 'Loja' } })
    ).body;
    await queues.take('outbound-0');
    const dead = await hostAt(Date.now() - 90_000);
    await claim(dead.hostId, t.company.id, created.id);
    const deliver = (bodies: unknown[]) =>
      inbound(sqsEvent(bodies.map((b) => ({ body: JSON.stringify(b), groupId: created.id }))));
    const status = (occurredAt: number) => ({
      type: 'connection.status',
      status: 'CONNECTED',
      eventId: ulid(),
      companyId: t.company.id,
      connectionId: created.id,
      occurredAt: new Date(occurredAt).toISOString(),
    });
    const statusNow = async () =>
      (await apiCall('whatsapp', 'GET', '/whatsapp/{id}', { token: t.admin.token, pathParameters: { id: created.id } })).body
        .status;
    await deliver([status(dead.leaseUntil - TTL + 1_000)]);
    const before = await statusNow();
    await queues.take('realtime');

    // Act 1: the tick reports it; the inbound worker applies it.
    await reportDeadFleetHosts();
    const reported = (await inboundEvents()).filter((e) => e.connectionId === created.id);
    await deliver(reported);
    const afterReport = await statusNow();
    const realtime = await queues.take('realtime');

    // Act 2: a host comes back and connects it; the report is delivered again, late.
    await deliver([status(Date.now())]);
    await deliver(reported);

    // Assert
    expect(before).toBe('CONNECTED');
    expect(reported).toHaveLength(1);
    expect(afterReport).toBe('DISCONNECTED');
    expect(JSON.stringify(realtime.map((m) => m.body))).toContain(created.id);
    expect(await statusNow()).toBe('CONNECTED');
  });

  it('runs on the one-minute tick', async () => {
    const dead = await hostAt(Date.now() - 60_000);
    const connectionId = await claim(dead.hostId, `c-${ulid()}`);

    const result = await tick();

    expect(result.fleetDown).toEqual({ hosts: 1, reported: 1 });
    expect((await inboundEvents()).map((e) => e.connectionId)).toEqual([connectionId]);
  });
});

describe('a fleet host known to be gone (the local runner saw its process exit)', () => {
  const leaseOf = async (hostId: string) => (await readFleet(processTable())).hosts.find((h) => h.hostId === hostId);

  it('ends its lease now and reports what it held DISCONNECTED at once, every incarnation, once', async () => {
    // Arrange: a live host (and its later incarnation) holding connections, and another live host.
    const companyId = `c-${ulid()}`;
    const now = Date.now();
    const gone = await hostAt(now - 1_000);
    const { hostId: reborn } = await renewHostLease(
      { hostId: `${gone.hostId}~1`, startedAt: new Date(now).toISOString(), cap: 300, sessions: 0 },
      { now, ttlMs: TTL, first: true },
      processTable(),
    ).then((l) => l!);
    const other = await hostAt(now);
    const held = [await claim(gone.hostId, companyId), await claim(reborn, companyId)];
    const othersOwn = await claim(other.hostId, companyId);

    // Act
    const retired = await retireFleetHosts({ hostId: gone.hostId, report: true, now });
    const events = await inboundEvents();
    const again = await retireFleetHosts({ hostId: gone.hostId, report: true, now: now + 1 });
    const tick = await reportDeadFleetHosts(now + FLEET_DOWN_GRACE_MS);

    // Assert: both incarnations ended at `now`; the other host untouched; reported once, dated `now`.
    expect(retired).toEqual({ hosts: 2, reported: 2 });
    expect((await leaseOf(gone.hostId))?.leaseUntil).toBe(now);
    expect((await leaseOf(reborn))?.leaseUntil).toBe(now);
    expect((await leaseOf(other.hostId))?.leaseUntil).toBe(other.leaseUntil);
    expect(events.map((e) => e.connectionId).sort()).toEqual([...held].sort());
    for (const event of events)
      expect(event).toMatchObject({ status: 'DISCONNECTED', occurredAt: new Date(now).toISOString() });
    expect(again.reported).toBe(0);
    expect(tick.reported).toBe(0);
    expect(await inboundEvents()).toEqual([]);
    expect((await getConnectionLease({ companyId, connectionId: othersOwn }, processTable()))?.owner).toBe(other.hostId);
  });

  it("at a start, ends every earlier host's lease without reporting, so a new host claims at once", async () => {
    const now = Date.now();
    const earlier = await hostAt(now);
    const companyId = `c-${ulid()}`;
    const connectionId = await claim(earlier.hostId, companyId);

    const retired = await retireFleetHosts({ report: false, now });

    expect(retired.reported).toBe(0);
    expect(retired.hosts).toBeGreaterThanOrEqual(1);
    expect((await leaseOf(earlier.hostId))?.leaseUntil).toBe(now);
    expect(await inboundEvents()).toEqual([]);
    expect((await getConnectionLease({ companyId, connectionId }, processTable()))?.owner).toBe(earlier.hostId);
  });
});

describe('a connection pinned to a shard the stage no longer has (moved to the fleet)', () => {
  it('gets its commands on shard 0’s queue, which every fleet host reads', async () => {
    const command = {
      type: 'session.stop' as const,
      commandId: ulid(),
      companyId: `c-${ulid()}`,
      connectionId: ulid(),
      issuedAt: new Date().toISOString(),
    };

    await sendOutboundCommand(3, command);

    expect((await queues.take('outbound-0')).map((m) => m.body)).toEqual([command]);
  });
});
