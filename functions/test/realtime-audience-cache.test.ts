/**
 * The fan-out's recipients cache (domain/fanout/audience-cache.ts): one small read per batch while
 * nothing changes, never a user item; and every change of rights or sockets applies on the next batch
 * even though the cache was warm (issue 28 §2).
 */
import { BatchGetCommand, DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ulid } from 'ulid';
import { realtimeChannel } from '@atende/shared';
import { ddb, tableName } from '../src/data/client';
import { backfillUserRights, getAudienceVersions, getUserRights } from '../src/data/user-rights';
import { getWsConnection, setViewingTicket } from '../src/data/ws-connections';
import { clearAudienceCache } from '../src/domain/fanout/audience-cache';
import { publish } from '../src/platform/realtime-publisher';
import { apiCall } from './support/api-event';
import { useRealtimeHarness } from './support/realtime-harness';
import { createTestTenant, createTestUser } from './support/tenancy-fixtures';

let h: Awaited<ReturnType<typeof useRealtimeHarness>>;

beforeAll(async () => {
  h = await useRealtimeHarness();
});
afterAll(async () => {
  await h?.stop();
});
beforeEach(async () => {
  await h.deliver();
  h.endpoint.reset();
});

const ticketIn = (queueId: string) => ({ id: ulid(), status: 'open' as const, queueId, userId: null });
const publishTicket = (companyId: string, queueId: string) => {
  const ticket = ticketIn(queueId);
  return publish(companyId, 'ticket', { action: 'update', ticket }, { kind: 'tickets', queueId, userId: null });
};
const ticketQueues = (companyId: string, connectionId: string) =>
  h.endpoint.framesOf(connectionId, realtimeChannel.ticket(companyId)).map((f) => f.data.ticket.queueId);

/** A tenant whose fan-out cache is warm: one event already delivered to `socket`. */
async function warmTenant(options: { profile?: 'admin' | 'user'; queueIds?: string[] }) {
  const tenant = await createTestTenant();
  const target = await createTestUser(tenant.company.id, { profile: 'user', ...options });
  const socket = (await h.connect(target.token)).connectionId;
  await publishTicket(tenant.company.id, 'queue-B');
  await h.deliver();
  expect(ticketQueues(tenant.company.id, socket)).toEqual(['queue-B']);
  h.endpoint.reset();
  return { tenant, target, socket };
}

const updateUser = (token: string, id: string, body: Record<string, unknown>) =>
  apiCall('users', 'PUT', '/users/{id}', { pathParameters: { id }, token, body });

describe('rights changes reach a warm cache on the next batch', () => {
  it('demoted: an admin made operator stops receiving the tickets of queues that are not theirs', async () => {
    const { tenant, target, socket } = await warmTenant({ profile: 'admin' });

    const demote = { profile: 'user', queueIds: ['queue-A'] };
    expect((await updateUser(tenant.admin.token, target.user.id, demote)).status).toBe(200);
    await publishTicket(tenant.company.id, 'queue-B');
    await publishTicket(tenant.company.id, 'queue-A');
    await h.deliver();

    expect(ticketQueues(tenant.company.id, socket)).toEqual(['queue-A']);
  });

  it('queue removed: an operator taken out of queue B stops receiving its tickets, keeps queue A', async () => {
    const { tenant, target, socket } = await warmTenant({ queueIds: ['queue-A', 'queue-B'] });

    expect((await updateUser(tenant.admin.token, target.user.id, { queueIds: ['queue-A'] })).status).toBe(200);
    await publishTicket(tenant.company.id, 'queue-B');
    await publishTicket(tenant.company.id, 'queue-A');
    await h.deliver();

    expect(ticketQueues(tenant.company.id, socket)).toEqual(['queue-A']);
  });

  it('deleted: the socket gets the "revoked" frame and no ticket event, and is closed', async () => {
    const { tenant, target, socket } = await warmTenant({ queueIds: ['queue-B'] });

    const deleted = await apiCall('users', 'DELETE', '/users/{id}', {
      pathParameters: { id: target.user.id },
      token: tenant.admin.token,
    });
    expect(deleted.status).toBe(204);
    await publishTicket(tenant.company.id, 'queue-B');
    await h.deliver();

    expect(h.endpoint.framesOf(socket)).toEqual([
      { channel: realtimeChannel.auth(tenant.company.id), data: { action: 'revoked', reason: 'deleted' } },
    ]);
    expect(h.endpoint.closed.has(socket)).toBe(true);
  });

  it('deactivated: the socket gets the "revoked" frame and no ticket event, and is closed', async () => {
    const { tenant, target, socket } = await warmTenant({ queueIds: ['queue-B'] });

    expect((await updateUser(tenant.admin.token, target.user.id, { status: false })).status).toBe(200);
    await publishTicket(tenant.company.id, 'queue-B');
    await h.deliver();

    expect(h.endpoint.framesOf(socket)).toEqual([
      { channel: realtimeChannel.auth(tenant.company.id), data: { action: 'revoked', reason: 'deactivated' } },
    ]);
    expect(h.endpoint.closed.has(socket)).toBe(true);
  });
});

describe('socket changes reach a warm cache on the next batch', () => {
  it('a ticket joined, then left, then a socket opened, then one closed: each on its own', async () => {
    const { tenant, target, socket } = await warmTenant({ queueIds: ['queue-B'] });
    const ticketId = ulid();
    const viewers = { kind: 'ticketViewers' as const, ticketId };
    const unread = (n: number) =>
      publish(tenant.company.id, 'ticket', { action: 'updateUnread', ticketId, unreadMessages: n }, viewers);
    const actionsOf = (connectionId: string) => h.endpoint.framesOf(connectionId).map((f) => f.data.action);

    await setViewingTicket(tenant.company.id, socket, ticketId); // what an accepted joinTicket writes
    await unread(1);
    await h.deliver();
    expect(actionsOf(socket)).toEqual(['updateUnread']);

    h.endpoint.reset();
    await h.send(socket, { action: 'leaveTicket' });
    expect((await getWsConnection(tenant.company.id, socket))?.viewingTicketId).toBeNull();
    await unread(2);
    await h.deliver();
    expect(actionsOf(socket)).toEqual([]);

    const second = (await h.connect(target.token)).connectionId;
    await publishTicket(tenant.company.id, 'queue-B');
    await h.deliver();
    expect(actionsOf(second)).toEqual(['update']);

    h.endpoint.reset();
    await h.realtime(h.wsEvent('$disconnect', second));
    await publishTicket(tenant.company.id, 'queue-B');
    await h.deliver();
    expect(h.endpoint.posted.has(second)).toBe(false);
    expect(actionsOf(socket)).toEqual(['update']);
  });
});

describe('what a batch reads', () => {
  it('with a warm cache: one read of the audience versions, no user item, whatever the number of sockets', async () => {
    const { tenant } = await warmTenant({ queueIds: ['queue-B'] });
    for (let i = 0; i < 5; i++) await h.connect((await createTestUser(tenant.company.id, { queueIds: ['queue-B'] })).token);
    await publishTicket(tenant.company.id, 'queue-B');
    await h.deliver(); // the new sockets moved the sockets version: this batch reads them once
    h.endpoint.reset();

    const send = vi.spyOn(ddb(), 'send');
    try {
      for (let i = 0; i < 3; i++) await publishTicket(tenant.company.id, 'queue-B');
      await h.deliver();
      const reads = send.mock.calls
        .map(([command]) => command)
        .filter((c) => c instanceof QueryCommand || c instanceof GetCommand || c instanceof BatchGetCommand);
      expect(
        reads.map(
          (c) => (c.input as { ExpressionAttributeValues?: Record<string, unknown> }).ExpressionAttributeValues?.[':pk'],
        ),
      ).toEqual([`C#${tenant.company.id}#AUDIENCE`]);
    } finally {
      send.mockRestore();
    }
    expect(h.endpoint.postCount).toBe(6 * 3);
  });
});

describe('a company whose users predate the rights record', () => {
  it('is backfilled once, projected (no password hash), and judged as before', async () => {
    const tenant = await createTestTenant();
    const opA = await createTestUser(tenant.company.id, { queueIds: ['queue-A'] });
    const opB = await createTestUser(tenant.company.id, { queueIds: ['queue-B'] });
    const socketA = (await h.connect(opA.token)).connectionId;
    const socketB = (await h.connect(opB.token)).connectionId;
    await ddb().send(
      new DeleteCommand({ TableName: tableName(), Key: { PK: `C#${tenant.company.id}#AUDIENCE`, SK: 'RIGHTS' } }),
    );
    clearAudienceCache(); // a fan-out process started after the upgrade

    await publishTicket(tenant.company.id, 'queue-A');
    await h.deliver();

    expect(ticketQueues(tenant.company.id, socketA)).toEqual(['queue-A']);
    expect(ticketQueues(tenant.company.id, socketB)).toEqual([]);
    const record = await getUserRights(tenant.company.id);
    expect(record.complete).toBe(true);
    expect([...record.users.keys()].sort()).toEqual(
      [tenant.admin.user.id, tenant.operator.user.id, opA.user.id, opB.user.id].sort(),
    );
    const raw = await ddb().send(
      new GetCommand({ TableName: tableName(), Key: { PK: `C#${tenant.company.id}#AUDIENCE`, SK: 'RIGHTS' } }),
    );
    expect(JSON.stringify(raw.Item)).not.toMatch(/password|email/i);
  });

  it('a backfill that raced a user write is refused (the write would be lost)', async () => {
    const tenant = await createTestTenant();
    const seen = (await getAudienceVersions(tenant.company.id)).rights;
    await updateUser(tenant.admin.token, tenant.operator.user.id, { queueIds: ['queue-Z'] });

    expect(await backfillUserRights(tenant.company.id, [], seen)).toBe(false);
    expect((await getUserRights(tenant.company.id)).users.get(tenant.operator.user.id)?.queueIds).toEqual(['queue-Z']);
  });
});
