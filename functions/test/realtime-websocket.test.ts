/**
 * WebSocket API: `$connect` admits only valid access tokens; the publisher fans events out to the
 * company's sockets through the @connections API and forgets sockets that answer 410 GoneException.
 * A tiny node:http server plays API Gateway's @connections endpoint.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { realtimeChannel, type RealtimeEnvelope } from '@atende/shared';
import { findWsConnectionCompany, listCompanyWsConnections } from '../src/data/ws-connections';
import { handler as inbound } from '../src/handlers/inbound/index';
import { handler as realtime, type WebSocketEvent } from '../src/handlers/realtime/index';
import { logger } from '../src/platform/logger';
import { publishToCompany } from '../src/platform/realtime-publisher';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { sqsEvent, useLocalQueues } from './support/local-queues';
import { createTestTenant, tokenFor } from './support/tenancy-fixtures';

type Tenant = Awaited<ReturnType<typeof createTestTenant>>;

/** What the fake @connections endpoint received, per socket; ids in `gone` answer 410. */
const posted = new Map<string, RealtimeEnvelope[]>();
const gone = new Set<string>();
let server: Server;
let queues: Awaited<ReturnType<typeof useLocalQueues>>;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  await useFreshTable();
  logger.setLogLevel('SILENT');
  queues = await useLocalQueues(1);
  server = createServer((req, res) => {
    const id = decodeURIComponent(req.url!.replace(/^\/@connections\//, ''));
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (gone.has(id)) {
        res.writeHead(410, { 'x-amzn-errortype': 'GoneException', 'content-type': 'application/json' }).end('{"message":null}');
        return;
      }
      posted.set(id, [...(posted.get(id) ?? []), JSON.parse(Buffer.concat(chunks).toString('utf8'))]);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.WS_MANAGEMENT_ENDPOINT = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  a = await createTestTenant();
  b = await createTestTenant();
});
afterAll(async () => {
  delete process.env.WS_MANAGEMENT_ENDPOINT;
  await new Promise((resolve) => server?.close(resolve));
  await queues?.stop();
});
beforeEach(() => { posted.clear(); gone.clear(); });

const wsEvent = (routeKey: string, connectionId: string, extra: Partial<WebSocketEvent> = {}): WebSocketEvent =>
  ({ requestContext: { routeKey, connectionId }, ...extra });
const connect = (connectionId: string, token?: string) =>
  realtime(wsEvent('$connect', connectionId, { queryStringParameters: token === undefined ? null : { token } }));

describe('$connect', () => {
  it('refuses sockets without a valid, unexpired access token and stores nothing', async () => {
    const expired = await tokenFor(a.admin.user, -60);
    const forged = (await tokenFor(a.admin.user)).slice(0, -4) + 'AAAA';
    const ids = [ulid(), ulid(), ulid(), ulid()];

    const answers = [await connect(ids[0]!), await connect(ids[1]!, 'not-a-jwt'), await connect(ids[2]!, expired), await connect(ids[3]!, forged)];

    expect(answers).toEqual(Array(4).fill({ statusCode: 401 }));
    for (const id of ids) expect(await findWsConnectionCompany(id)).toBeUndefined();
  });

  it('stores the socket under the token\'s company; $disconnect removes it (twice is harmless)', async () => {
    const id = ulid();
    expect(await connect(id, a.operator.token)).toEqual({ statusCode: 200 });
    expect((await listCompanyWsConnections(a.company.id)).find((s) => s.connectionId === id))
      .toMatchObject({ userId: a.operator.user.id, profile: 'user', super: false });

    await realtime(wsEvent('$disconnect', id));
    await realtime(wsEvent('$disconnect', id));

    expect((await listCompanyWsConnections(a.company.id)).some((s) => s.connectionId === id)).toBe(false);
  });
});

describe('publisher', () => {
  it('reaches every socket of the company only, and forgets sockets that are gone', async () => {
    const [live1, live2, dead, ofB] = [ulid(), ulid(), ulid(), ulid()];
    await connect(live1, a.admin.token);
    await connect(live2, a.operator.token);
    await connect(dead, a.operator.token);
    await connect(ofB, b.admin.token);
    gone.add(dead);

    await publishToCompany(a.company.id, realtimeChannel.whatsapp(a.company.id), { action: 'update', hello: 1 });

    const expected = { channel: `company-${a.company.id}-whatsapp`, data: { action: 'update', hello: 1 } };
    expect(posted.get(live1)).toEqual([expected]);
    expect(posted.get(live2)).toEqual([expected]);
    expect(posted.has(ofB)).toBe(false);
    expect(await findWsConnectionCompany(dead)).toBeUndefined();
    expect((await listCompanyWsConnections(a.company.id)).map((s) => s.connectionId)).not.toContain(dead);
  });

  it('applies the recipient filter', async () => {
    const [admin, operator] = [ulid(), ulid()];
    await connect(admin, a.admin.token);
    await connect(operator, a.operator.token);
    await publishToCompany(a.company.id, 'company-x-test', { action: 'update' }, (socket) => socket.profile === 'admin');
    expect(posted.has(admin)).toBe(true);
    expect(posted.has(operator)).toBe(false);
  });

  it('never throws into the caller, even when the endpoint is unreachable', async () => {
    const endpoint = process.env.WS_MANAGEMENT_ENDPOINT;
    process.env.WS_MANAGEMENT_ENDPOINT = 'http://127.0.0.1:9'; // discard port: connection refused
    try {
      await expect(publishToCompany(a.company.id, 'company-x-test', { action: 'update' })).resolves.toBeUndefined();
    } finally {
      process.env.WS_MANAGEMENT_ENDPOINT = endpoint;
    }
  });
});

describe('$default', () => {
  it('answers a ping with a pong frame', async () => {
    const id = ulid();
    await connect(id, a.admin.token);
    await realtime(wsEvent('$default', id, { body: '{"action":"ping"}' }));
    await realtime(wsEvent('$default', id, { body: 'garbage' }));
    expect(posted.get(id)).toEqual([{ channel: 'pong', data: { action: 'pong' } }]);
  });
});

describe('connection events reach the consoles', () => {
  it('a QR from the session host arrives on whatsapp and whatsappSession, without the API token', async () => {
    const connection = (await apiCall('whatsapp', 'POST', '/whatsapp', { token: a.admin.token, body: { name: 'Tempo real' } })).body;
    const socket = ulid();
    await connect(socket, a.operator.token);
    posted.clear();

    await inbound(sqsEvent([{ groupId: connection.id, body: JSON.stringify({
      type: 'connection.qr', eventId: ulid(), companyId: a.company.id, connectionId: connection.id,
      occurredAt: new Date().toISOString(), qr: 'QR-DATA', attempt: 1,
    }) }]));

    const frames = posted.get(socket) ?? [];
    const session = frames.find((f) => f.channel === realtimeChannel.whatsappSession(a.company.id));
    const whatsapp = frames.find((f) => f.channel === realtimeChannel.whatsapp(a.company.id));
    expect(session?.data).toMatchObject({ action: 'update', session: { id: connection.id, status: 'qrcode', qrcode: 'QR-DATA' } });
    expect(whatsapp?.data).toMatchObject({ action: 'update', whatsapp: { id: connection.id, status: 'qrcode' } });
    expect(JSON.stringify(frames)).not.toContain('"token"');
  });

  it('a customer message arrives on appMessage with its contact', async () => {
    const connection = (await apiCall('whatsapp', 'GET', '/whatsapp', { token: a.admin.token })).body[0];
    const socket = ulid();
    await connect(socket, a.admin.token);
    posted.clear();

    await inbound(sqsEvent([{ groupId: connection.id, body: JSON.stringify({
      type: 'message.received', eventId: ulid(), companyId: a.company.id, connectionId: connection.id, occurredAt: new Date().toISOString(),
      message: { externalId: ulid(), fromMe: false, isGroup: false, body: 'oi', timestamp: new Date().toISOString(),
        contact: { jid: '5511900001111@s.whatsapp.net', pushName: 'Bia' } },
    }) }]));

    const frame = posted.get(socket)?.find((f) => f.channel === realtimeChannel.appMessage(a.company.id));
    expect(frame?.data).toMatchObject({ action: 'create', message: { body: 'oi', fromMe: false }, contact: { name: 'Bia', number: '5511900001111' } });
  });
});
