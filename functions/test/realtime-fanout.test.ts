/**
 * Realtime off the request path, by audience: publishers enqueue one message per event on the
 * `realtime` FIFO queue (group = the ticket, contact or company); the fan-out posts it only to the sockets its audience
 * includes, judged by the users' current records; sockets of removed users and expired tokens are
 * dropped on the way.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { REALTIME_FRAMES_PARAM, REALTIME_PACKED_FRAMES, realtimeChannel, type Audience } from '@atende/shared';
import { putSetting } from '../src/data/settings';
import { listCompanyWsConnections, setViewingTicket } from '../src/data/ws-connections';
import { handler as fanout } from '../src/handlers/fanout/index';
import { handler as inbound } from '../src/handlers/inbound/index';
import { logger } from '../src/platform/logger';
import { publish } from '../src/platform/realtime-publisher';
import { resetQueueClient } from '../src/platform/queues';
import { apiCall } from './support/api-event';
import { sqsEvent } from './support/local-queues';
import { useRealtimeHarness } from './support/realtime-harness';
import { createTestTenant, createTestUser, tokenFor } from './support/tenancy-fixtures';

type Tenant = Awaited<ReturnType<typeof createTestTenant>>;
let h: Awaited<ReturnType<typeof useRealtimeHarness>>;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  h = await useRealtimeHarness();
  ({ a, b } = h);
});
afterAll(async () => {
  await h?.stop();
});
beforeEach(async () => {
  await h.deliver(); // nothing of an earlier test leaks into this one
  h.endpoint.reset();
});

const ticket = (queueId: string | null, userId: string | null = null) => ({
  id: ulid(),
  status: 'open' as const,
  queueId,
  userId,
});
const ticketUpdate = (companyId: string, t: ReturnType<typeof ticket>) =>
  publish(companyId, 'ticket', { action: 'update', ticket: t }, { kind: 'tickets', queueId: t.queueId, userId: t.userId });

describe('publish', () => {
  it('enqueues one message per event, grouped by company, whatever the number of open sockets', async () => {
    for (let i = 0; i < 5; i++) await h.connect(a.admin.token);
    await publish(a.company.id, 'whatsapp', { action: 'delete', whatsappId: 'w1' }, { kind: 'company' });

    const taken = await h.queues.take('realtime');
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({
      groupId: a.company.id,
      body: { companyId: a.company.id, kind: 'whatsapp', audience: { kind: 'company' } },
    });
    expect(h.endpoint.postCount).toBe(0); // nothing posted on the request path
  });

  it('carries emoji and accents through the queue (the local emulator refuses raw astral characters)', async () => {
    const text = 'Seu pedido saiu para entrega 🚚 — ação';
    await publish(a.company.id, 'whatsapp', { action: 'delete', whatsappId: text }, { kind: 'company' });

    const taken = await h.queues.take('realtime');
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({ body: { data: { whatsappId: text } } });
  });

  it('never throws into the caller when the queue is unreachable (bounded retries, then an error log)', async () => {
    const endpoint = process.env.SQS_ENDPOINT;
    process.env.SQS_ENDPOINT = 'http://127.0.0.1:9'; // discard port: connection refused
    resetQueueClient();
    const errors: unknown[] = [];
    const original = logger.error.bind(logger);
    logger.error = ((message: string) => {
      errors.push(message);
    }) as typeof logger.error;
    try {
      await expect(
        publish(a.company.id, 'whatsapp', { action: 'delete', whatsappId: 'w1' }, { kind: 'company' }),
      ).resolves.toBeUndefined();
      expect(errors).toContain('realtime enqueue failed');
    } finally {
      logger.error = original;
      process.env.SQS_ENDPOINT = endpoint;
      resetQueueClient();
    }
  });
});

describe('fan-out by audience', () => {
  it('company: every live socket of the company only; a socket that answers 410 is forgotten', async () => {
    const live = (await h.connect(a.operator.token)).connectionId;
    const dead = (await h.connect(a.operator.token)).connectionId;
    const ofB = (await h.connect(b.admin.token)).connectionId;
    h.endpoint.gone.add(dead);

    await publish(a.company.id, 'whatsapp', { action: 'delete', whatsappId: 'w1' }, { kind: 'company' });
    await h.deliver();

    expect(h.endpoint.framesOf(live)).toEqual([
      { channel: realtimeChannel.whatsapp(a.company.id), data: { action: 'delete', whatsappId: 'w1' } },
    ]);
    expect(h.endpoint.framesOf(ofB)).toEqual([]);
    expect((await listCompanyWsConnections(a.company.id)).map((s) => s.connectionId)).not.toContain(dead);
  });

  it('tickets: an operator of queue A receives nothing of queue B, even on an open socket; admins receive both', async () => {
    const tenant = await createTestTenant();
    const opA = (await h.connect((await createTestUser(tenant.company.id, { queueIds: ['queue-A'] })).token)).connectionId;
    const opB = (await h.connect((await createTestUser(tenant.company.id, { queueIds: ['queue-B'] })).token)).connectionId;
    const admin = (await h.connect(tenant.admin.token)).connectionId;
    const inB = ticket('queue-B');

    await ticketUpdate(tenant.company.id, ticket('queue-A'));
    await ticketUpdate(tenant.company.id, inB);
    await h.deliver();

    const channel = realtimeChannel.ticket(tenant.company.id);
    expect(h.endpoint.framesOf(opA, channel).map((f) => f.data.ticket.queueId)).toEqual(['queue-A']);
    expect(h.endpoint.framesOf(opB, channel).map((f) => f.data.ticket.queueId)).toEqual(['queue-B']);
    expect(h.endpoint.framesOf(admin, channel).map((f) => f.data.ticket.queueId)).toEqual(['queue-A', 'queue-B']);
    expect(JSON.stringify(h.endpoint.posted.get(opA) ?? [])).not.toContain(inB.id);
  });

  it('tickets: queue changes apply at the next event, without reconnecting', async () => {
    const tenant = await createTestTenant();
    const operator = await createTestUser(tenant.company.id, { queueIds: ['queue-A'] });
    const socket = (await h.connect(operator.token)).connectionId;
    await apiCall('users', 'PUT', '/users/{id}', {
      pathParameters: { id: operator.user.id },
      token: tenant.admin.token,
      body: { queueIds: ['queue-B'] },
    });

    await ticketUpdate(tenant.company.id, ticket('queue-A'));
    await ticketUpdate(tenant.company.id, ticket('queue-B'));
    await h.deliver();

    expect(h.endpoint.framesOf(socket, realtimeChannel.ticket(tenant.company.id)).map((f) => f.data.ticket.queueId)).toEqual(
      ['queue-B'],
    );
  });

  it('tickets: queue-less tickets reach operators only with userViewTicketsWithoutDepartment; the assignee always', async () => {
    const tenant = await createTestTenant();
    const operator = await createTestUser(tenant.company.id, { queueIds: ['queue-A'] });
    const socket = (await h.connect(operator.token)).connectionId;
    const channel = realtimeChannel.ticket(tenant.company.id);

    await ticketUpdate(tenant.company.id, ticket(null));
    await ticketUpdate(tenant.company.id, ticket('queue-Z', operator.user.id));
    await h.deliver();
    expect(h.endpoint.framesOf(socket, channel).map((f) => f.data.ticket.queueId)).toEqual(['queue-Z']);

    await putSetting(tenant.company.id, 'userViewTicketsWithoutDepartment', 'enabled');
    await ticketUpdate(tenant.company.id, ticket(null));
    await h.deliver();
    expect(h.endpoint.framesOf(socket, channel).map((f) => f.data.ticket.queueId)).toEqual(['queue-Z', null]);
  });

  it('ticketViewers: a message receipt reaches only the sockets showing that ticket', async () => {
    const viewer = (await h.connect(a.admin.token)).connectionId;
    const elsewhere = (await h.connect(a.admin.token)).connectionId;
    const idle = (await h.connect(a.operator.token)).connectionId;
    const ticketId = ulid();
    await setViewingTicket(a.company.id, viewer, ticketId);
    await setViewingTicket(a.company.id, elsewhere, ulid());
    const audience: Audience = { kind: 'ticketViewers', ticketId };

    await publish(a.company.id, 'ticket', { action: 'updateUnread', ticketId, unreadMessages: 0 }, audience);
    await h.deliver();

    expect(h.endpoint.framesOf(viewer)).toHaveLength(1);
    expect(h.endpoint.framesOf(elsewhere)).toEqual([]);
    expect(h.endpoint.framesOf(idle)).toEqual([]);
  });

  it("ticketViewers with the ticket's queue: a viewer who may no longer see it gets nothing", async () => {
    const operator = await createTestUser(a.company.id, { queueIds: ['queue-A'] });
    const socket = (await h.connect(operator.token)).connectionId;
    const ticketId = ulid();
    await setViewingTicket(a.company.id, socket, ticketId);

    await publish(
      a.company.id,
      'ticket',
      { action: 'updateUnread', ticketId, unreadMessages: 1 },
      { kind: 'ticketViewers', ticketId, queueId: 'queue-B', userId: null },
    );
    await h.deliver();

    expect(h.endpoint.framesOf(socket)).toEqual([]);
  });

  it('user and admins audiences', async () => {
    const admin = (await h.connect(a.admin.token)).connectionId;
    const operator = (await h.connect(a.operator.token)).connectionId;

    await publish(
      a.company.id,
      'auth',
      { action: 'update', user: { id: a.operator.user.id } },
      { kind: 'user', userId: a.operator.user.id },
    );
    await publish(a.company.id, 'whatsapp', { action: 'delete', whatsappId: 'w2' }, { kind: 'admins' });
    await h.deliver();

    expect(h.endpoint.framesOf(operator).map((f) => f.channel)).toEqual([realtimeChannel.auth(a.company.id)]);
    expect(h.endpoint.framesOf(admin).map((f) => f.channel)).toEqual([realtimeChannel.whatsapp(a.company.id)]);
  });
});

describe('sockets that must not live on', () => {
  it('a deleted user\'s sockets get a last "revoked" frame and are closed on the deletion\'s own event', async () => {
    const doomed = await createTestUser(a.company.id);
    const socket = (await h.connect(doomed.token)).connectionId;

    expect(
      (await apiCall('users', 'DELETE', '/users/{id}', { pathParameters: { id: doomed.user.id }, token: a.admin.token }))
        .status,
    ).toBe(204);
    await h.deliver();

    expect(h.endpoint.framesOf(socket)).toEqual([
      { channel: realtimeChannel.auth(a.company.id), data: { action: 'revoked', reason: 'deleted' } },
    ]);
    expect(h.endpoint.closed.has(socket)).toBe(true);
    expect((await listCompanyWsConnections(a.company.id)).map((s) => s.connectionId)).not.toContain(socket);
  });

  it("a deactivated user's sockets are closed at once and receive no company event", async () => {
    const user = await createTestUser(a.company.id);
    const socket = (await h.connect(user.token)).connectionId;

    await apiCall('users', 'PUT', '/users/{id}', {
      pathParameters: { id: user.user.id },
      token: a.admin.token,
      body: { status: false },
    });
    await h.deliver();

    expect(h.endpoint.framesOf(socket)).toEqual([
      { channel: realtimeChannel.auth(a.company.id), data: { action: 'revoked', reason: 'deactivated' } },
    ]);
    expect(h.endpoint.closed.has(socket)).toBe(true);
  });

  it('a socket whose token expired is closed without a frame (the console reconnects with a fresh token)', async () => {
    const token = await tokenFor(a.operator.user, 2);
    const socket = (await h.connect(token)).connectionId;
    const fresh = (await h.connect(a.operator.token)).connectionId;
    await expect
      .poll(() => Date.now() / 1000, { timeout: 5000, interval: 200 })
      .toBeGreaterThan(JSON.parse(atob(token.split('.')[1]!)).exp);

    await publish(a.company.id, 'whatsapp', { action: 'delete', whatsappId: 'w3' }, { kind: 'company' });
    await h.deliver();

    expect(h.endpoint.framesOf(socket)).toEqual([]);
    expect(h.endpoint.closed.has(socket)).toBe(true);
    expect(h.endpoint.framesOf(fresh)).toHaveLength(1);
  });
});

describe('fan-out batches', () => {
  it("keeps publish order within a company and returns only the failing company's records", async () => {
    const socket = (await h.connect(a.admin.token)).connectionId;
    for (const id of ['w1', 'w2', 'w3'])
      await publish(a.company.id, 'whatsapp', { action: 'delete', whatsappId: id }, { kind: 'company' });
    const taken = await h.queues.take('realtime');
    const broken = { body: JSON.stringify({ ...taken[0]!.body, companyId: 'no-such-company', kind: 'nope' }), groupId: 'x' };

    const out = await fanout(
      sqsEvent([...taken.map((m) => ({ body: JSON.stringify(m.body), groupId: m.groupId })), broken]),
    );

    expect(h.endpoint.framesOf(socket).map((f) => f.data.whatsappId)).toEqual(['w1', 'w2', 'w3']);
    expect(out.batchItemFailures).toHaveLength(1);
  });

  it('a redelivered event is posted again (at-least-once: console handlers are idempotent upserts)', async () => {
    const socket = (await h.connect(a.admin.token)).connectionId;
    await publish(a.company.id, 'whatsapp', { action: 'delete', whatsappId: 'again' }, { kind: 'company' });
    const [message] = await h.queues.take('realtime');
    const record = { body: JSON.stringify(message!.body), groupId: message!.groupId };

    await fanout(sqsEvent([record]));
    await fanout(sqsEvent([record]));

    expect(h.endpoint.framesOf(socket)).toHaveLength(2);
  });
});

describe('packed frames (opt-in with ?frames=batch)', () => {
  const packed = (token: string) => h.connect(token, ulid(), { [REALTIME_FRAMES_PARAM]: REALTIME_PACKED_FRAMES });

  it('a batch reaches a packed socket in one post, in publish order; a plain socket of the company still gets one post per event', async () => {
    const tenant = await createTestTenant();
    const packedSocket = (await packed(tenant.admin.token)).connectionId;
    const plainSocket = (await h.connect(tenant.admin.token)).connectionId;
    for (const id of ['w1', 'w2', 'w3'])
      await publish(tenant.company.id, 'whatsapp', { action: 'delete', whatsappId: id }, { kind: 'company' });

    await h.deliver();

    expect(h.endpoint.raw.get(packedSocket)).toHaveLength(1);
    expect(h.endpoint.raw.get(plainSocket)).toHaveLength(3);
    expect(h.endpoint.framesOf(packedSocket)).toEqual(h.endpoint.framesOf(plainSocket));
    expect(h.endpoint.framesOf(packedSocket).map((f) => f.data.whatsappId)).toEqual(['w1', 'w2', 'w3']);
  });

  it("judges every event of a packed frame by its audience: an operator of queue A never gets queue B's ticket", async () => {
    const tenant = await createTestTenant();
    const opA = await createTestUser(tenant.company.id, { queueIds: ['queue-A'] });
    const socket = (await packed(opA.token)).connectionId;
    const inB = ticket('queue-B');

    await ticketUpdate(tenant.company.id, ticket('queue-A'));
    await ticketUpdate(tenant.company.id, inB);
    await ticketUpdate(tenant.company.id, ticket('queue-A'));
    await h.deliver();

    expect(h.endpoint.framesOf(socket).map((f) => f.data.ticket.queueId)).toEqual(['queue-A', 'queue-A']);
    expect((h.endpoint.raw.get(socket) ?? []).join('')).not.toContain(inB.id);
  });

  it('any other value of the parameter keeps plain frames', async () => {
    const tenant = await createTestTenant();
    const socket = (await h.connect(tenant.admin.token, ulid(), { [REALTIME_FRAMES_PARAM]: 'BATCH' })).connectionId;
    for (const id of ['w1', 'w2'])
      await publish(tenant.company.id, 'whatsapp', { action: 'delete', whatsappId: id }, { kind: 'company' });

    await h.deliver();

    expect(h.endpoint.raw.get(socket)).toHaveLength(2);
  });
});

describe('events of the existing areas reach the consoles through the queue', () => {
  it('a QR from the session host arrives on whatsapp and whatsappSession, without the API token', async () => {
    const connection = (
      await apiCall('whatsapp', 'POST', '/whatsapp', { token: a.admin.token, body: { name: 'Tempo real' } })
    ).body;
    const socket = (await h.connect(a.operator.token)).connectionId;
    await h.deliver();
    h.endpoint.reset();

    await inbound(
      sqsEvent([
        {
          groupId: connection.id,
          body: JSON.stringify({
            type: 'connection.qr',
            eventId: ulid(),
            companyId: a.company.id,
            connectionId: connection.id,
            occurredAt: new Date().toISOString(),
            qr: 'QR-DATA',
            attempt: 1,
          }),
        },
      ]),
    );
    await h.deliver();

    const frames = h.endpoint.framesOf(socket);
    expect(frames.find((f) => f.channel === realtimeChannel.whatsappSession(a.company.id))?.data).toMatchObject({
      action: 'update',
      session: { id: connection.id, status: 'qrcode', qrcode: 'QR-DATA' },
    });
    expect(frames.find((f) => f.channel === realtimeChannel.whatsapp(a.company.id))?.data).toMatchObject({
      action: 'update',
      whatsapp: { id: connection.id, status: 'qrcode' },
    });
    expect(JSON.stringify(frames)).not.toContain('"token"');
  });

  it('a customer message arrives on appMessage with its contact, for those who may see its queue', async () => {
    const connection = (await apiCall('whatsapp', 'GET', '/whatsapp', { token: a.admin.token })).body[0];
    const admin = (await h.connect(a.admin.token)).connectionId;

    await inbound(
      sqsEvent([
        {
          groupId: connection.id,
          body: JSON.stringify({
            type: 'message.received',
            eventId: ulid(),
            companyId: a.company.id,
            connectionId: connection.id,
            occurredAt: new Date().toISOString(),
            message: {
              externalId: ulid(),
              fromMe: false,
              isGroup: false,
              body: 'oi',
              timestamp: new Date().toISOString(),
              contact: { jid: '5511900001111@s.whatsapp.net', pushName: 'Bia' },
            },
          }),
        },
      ]),
    );
    await h.deliver();

    expect(h.endpoint.framesOf(admin, realtimeChannel.appMessage(a.company.id))[0]?.data).toMatchObject({
      action: 'create',
      message: { body: 'oi', fromMe: false },
      contact: { name: 'Bia', number: '5511900001111' },
    });
  });
});
