import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GetConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { WS_MOCK_ROUTES } from '@atende/functions/manifest';
import { startGateway, type Gateway } from '../local/gateway/gateway-server';
import { createInvoker } from '../local/lambda-runtime';
import { localClientConfig } from '../local/emulators/local-aws';
import { viewerIp } from '@atende/functions/ops';

/** Fake areas: `users` echoes the event it got; `realtime` records WebSocket events. */
const wsEvents: { routeKey: string; connectionId: string; token?: string; body?: string }[] = [];
let lastEvent: APIGatewayProxyEvent | undefined;

const invoke = createInvoker({
  users: async (event: APIGatewayProxyEvent) => {
    lastEvent = event;
    if (event.headers['x-explode']) throw new Error('boom with a secret stack');
    return {
      statusCode: 201,
      headers: { 'content-type': 'application/json', 'x-area': 'users' },
      multiValueHeaders: { 'Set-Cookie': ['a=1; HttpOnly', 'b=2; HttpOnly'] },
      body: JSON.stringify({ resource: event.resource, params: event.pathParameters }),
    };
  },
  realtime: async (event: {
    requestContext: { routeKey: string; connectionId: string };
    queryStringParameters?: Record<string, string>;
    body?: string;
  }) => {
    const { routeKey, connectionId } = event.requestContext;
    wsEvents.push({ routeKey, connectionId, token: event.queryStringParameters?.token, body: event.body });
    if (routeKey === '$connect' && event.queryStringParameters?.token !== 'good') return { statusCode: 401 };
    if (routeKey === '$default' && event.body?.includes('joinTicket'))
      return { statusCode: 200, body: JSON.stringify({ channel: 'room', data: { action: 'joined', ticketId: 't1' } }) };
    return { statusCode: 200 };
  },
});

let gateway: Gateway;
let management: ApiGatewayManagementApiClient;

beforeAll(async () => {
  gateway = await startGateway({ invoke, wsIdleTimeoutMs: 60_000 });
  management = new ApiGatewayManagementApiClient(localClientConfig(gateway.origin));
});
afterAll(async () => {
  management.destroy();
  await gateway.stop();
});

describe('REST emulation', () => {
  it('builds the API Gateway proxy event from the manifest route and writes multi-value headers back', async () => {
    const res = await fetch(`${gateway.origin}/api/users/01ABC?tag=a&tag=b&page=2`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'X-Custom': 'yes', authorization: 'Bearer t' },
      body: JSON.stringify({ name: 'Ana' }),
    });

    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie()).toEqual(['a=1; HttpOnly', 'b=2; HttpOnly']);
    expect(res.headers.get('x-area')).toBe('users');
    expect(await res.json()).toEqual({ resource: '/users/{id}', params: { id: '01ABC' } });
    const event = lastEvent!;
    expect(event).toMatchObject({
      resource: '/users/{id}',
      path: '/users/01ABC',
      httpMethod: 'PUT',
      pathParameters: { id: '01ABC' },
      queryStringParameters: { tag: 'b', page: '2' },
      multiValueQueryStringParameters: { tag: ['a', 'b'], page: ['2'] },
      body: '{"name":"Ana"}',
      isBase64Encoded: false,
      requestContext: {
        stage: 'local',
        resourcePath: '/users/{id}',
        httpMethod: 'PUT',
        identity: { sourceIp: '127.0.0.1' },
      },
    });
    expect(event.headers['X-Custom']).toBe('yes');
    expect(event.multiValueHeaders['X-Custom']).toEqual(['yes']);
    expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('hands the handlers the viewer address as CloudFront does (x-viewer-ip), never one the client sent', async () => {
    await fetch(`${gateway.origin}/api/users/list`, {
      headers: { 'X-Viewer-IP': '198.51.100.9', 'x-forwarded-for': '198.51.100.9' },
    });
    const event = lastEvent!;
    expect(Object.entries(event.headers).filter(([name]) => name.toLowerCase() === 'x-viewer-ip')).toEqual([
      ['x-viewer-ip', '127.0.0.1'],
    ]);
    expect(viewerIp(event)).toBe('127.0.0.1');
    // Behind CloudFront, sourceIp is the edge's: the login limit keys on the viewer's address.
    expect(
      viewerIp({
        headers: { 'x-viewer-ip': '2001:db8::7' },
        requestContext: { identity: { sourceIp: '130.176.1.1' } },
      } as never),
    ).toBe('2001:db8::7');
    expect(
      viewerIp({
        headers: { 'x-viewer-ip': 'not an ip' },
        requestContext: { identity: { sourceIp: '130.176.1.1' } },
      } as never),
    ).toBe('130.176.1.1');
  });

  it('prefers literal segments over parameters, as API Gateway does', async () => {
    await fetch(`${gateway.origin}/api/users/list`);
    expect(lastEvent).toMatchObject({
      resource: '/users/list',
      pathParameters: null,
      queryStringParameters: null,
      body: null,
    });
  });

  it('base64-encodes binary bodies', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251]);
    await fetch(`${gateway.origin}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    expect(lastEvent).toMatchObject({ isBase64Encoded: true, body: bytes.toString('base64') });
  });

  it('answers 404 for an unknown path and 405 for a known path with another method', async () => {
    const unknown = await fetch(`${gateway.origin}/api/nowhere`);
    const wrongMethod = await fetch(`${gateway.origin}/api/users/list`, { method: 'DELETE' });

    expect([unknown.status, await unknown.json()]).toEqual([404, { error: 'ERR_NOT_FOUND' }]);
    expect([wrongMethod.status, await wrongMethod.json()]).toEqual([405, { error: 'ERR_METHOD_NOT_ALLOWED' }]);
  });

  it('refuses a body over 10 MB with 413 before any handler runs', async () => {
    lastEvent = undefined;
    const res = await fetch(`${gateway.origin}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(10 * 1024 * 1024 + 1),
    });

    expect([res.status, await res.json()]).toEqual([413, { error: 'ERR_PAYLOAD_TOO_LARGE' }]);
    expect(lastEvent).toBeUndefined();
  });

  it('turns a throwing handler into 500 ERR_INTERNAL without the stack', async () => {
    const res = await fetch(`${gateway.origin}/api/users`, { headers: { 'x-explode': '1' } });
    const text = await res.text();

    expect(res.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ error: 'ERR_INTERNAL' });
    expect(text).not.toContain('secret');
  });

  it('serves the runtime config for the origin the browser used', async () => {
    const res = await fetch(`${gateway.origin}/config.json`);
    expect(await res.json()).toEqual({
      apiUrl: `${gateway.origin}/api`,
      wsUrl: `ws://127.0.0.1:${gateway.port}/ws`,
      localMode: true,
    });
  });
});

describe('WebSocket emulation and @connections', () => {
  const open = (token: string) =>
    new Promise<{ ws: WebSocket; messages: string[] }>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${gateway.port}/ws?token=${token}`);
      const messages: string[] = [];
      ws.on('message', (data) => messages.push(data.toString()));
      ws.once('open', () => resolve({ ws, messages }));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
      ws.once('error', reject);
    });
  const connectionIdOf = (token: string) =>
    wsEvents.filter((e) => e.routeKey === '$connect' && e.token === token).at(-1)!.connectionId;
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(check()).toBe(true);
  };

  it('refuses the upgrade with the status $connect returned', async () => {
    await expect(open('bad')).rejects.toThrow('status 401');
  });

  it('delivers PostToConnection from the real SDK client, describes and deletes the connection', async () => {
    const { ws, messages } = await open('good');
    const id = connectionIdOf('good');

    await management.send(
      new PostToConnectionCommand({
        ConnectionId: id,
        Data: Buffer.from(JSON.stringify({ channel: 'c', data: { action: 'update' } })),
      }),
    );
    const described = await management.send(new GetConnectionCommand({ ConnectionId: id }));
    await until(() => messages.length === 1);

    expect(JSON.parse(messages[0]!)).toEqual({ channel: 'c', data: { action: 'update' } });
    expect(described.ConnectedAt).toBeInstanceOf(Date);
    expect(described.Identity?.SourceIp).toBe('127.0.0.1');

    const closed = new Promise((resolve) => ws.once('close', resolve));
    await management.send(new DeleteConnectionCommand({ ConnectionId: id }));
    await closed;
    await until(() => wsEvents.some((e) => e.routeKey === '$disconnect' && e.connectionId === id));
  });

  it('routes client frames to $default and sends the route response back', async () => {
    const { ws, messages } = await open('good');
    ws.send(JSON.stringify({ action: 'joinTicket', ticketId: 't1' }));
    await until(() => messages.length === 1);

    expect(JSON.parse(messages[0]!)).toEqual({ channel: 'room', data: { action: 'joined', ticketId: 't1' } });
    expect(wsEvents.at(-1)).toMatchObject({ routeKey: '$default', body: '{"action":"joinTicket","ticketId":"t1"}' });
    ws.close();
  });

  it('answers keep-alive pings itself (a mock route), without invoking a function', async () => {
    const { ws, messages } = await open('good');
    const id = connectionIdOf('good');
    ws.send(JSON.stringify({ action: 'ping' }));
    await until(() => messages.length === 1);

    expect(messages[0]).toBe(WS_MOCK_ROUTES.find((r) => r.routeKey === 'ping')!.response);
    expect(JSON.parse(messages[0]!)).toEqual({ channel: 'pong', data: { action: 'pong' } });
    expect(wsEvents.filter((e) => e.connectionId === id && e.routeKey !== '$connect')).toEqual([]);
    ws.close();
  });

  it('answers GoneException (410) for a socket that has closed', async () => {
    const { ws } = await open('good');
    const id = connectionIdOf('good');
    ws.close();
    await until(() => wsEvents.some((e) => e.routeKey === '$disconnect' && e.connectionId === id));

    const error = await management
      .send(new PostToConnectionCommand({ ConnectionId: id, Data: Buffer.from('late') }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoneException);
    expect((error as GoneException).$metadata.httpStatusCode).toBe(410);
  });

  it('refuses unsigned management calls', async () => {
    const res = await fetch(`${gateway.origin}/@connections/anything`, { method: 'POST', body: 'x' });
    expect(res.status).toBe(403);
  });
});
