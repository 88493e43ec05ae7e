/**
 * Issue 8 (local gateway). Item 1: prototype keys in the query string or headers, on REST and on the
 * WebSocket upgrade, reach the handler as plain keys instead of crashing the gateway with a 500.
 * Item 7: /simulator-api is proxied only for the console's own origin on this machine.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import fc from 'fast-check';
import { AREAS, HTTP_ROUTES, type Area } from '@atende/functions/manifest';
import { startGateway, type Gateway } from '../local/gateway/gateway-server';
import { createInvoker } from '../local/lambda-runtime';

const seen: { query?: unknown; headers?: unknown }[] = [];
/** Every other area answers 200 without looking: the gateway's own parsing is what is under test. */
const echo = async () => ({ statusCode: 200, body: '{}' });
const invoke = createInvoker({
  ...Object.fromEntries(Object.keys(AREAS).map((area) => [area as Area, echo])),
  users: async (event: {
    queryStringParameters: unknown;
    multiValueQueryStringParameters: Record<string, string[]> | null;
    headers: unknown;
  }) => {
    seen.push({ query: event.multiValueQueryStringParameters, headers: event.headers });
    return { statusCode: 200, body: JSON.stringify({ ok: true }) };
  },
  realtime: async (event: { requestContext: { routeKey: string }; queryStringParameters?: Record<string, string> }) => ({
    statusCode: event.requestContext.routeKey === '$connect' && event.queryStringParameters?.token !== 'good' ? 401 : 200,
  }),
});

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway({ invoke, wsIdleTimeoutMs: 60_000 });
});
afterAll(async () => {
  await gateway.stop();
});

describe('prototype keys through the local gateway', () => {
  it('REST: ?__proto__= and a __proto__ header are ordinary keys', async () => {
    for (const query of ['__proto__=1', '__proto__=a&__proto__=b', 'constructor=x&toString=y', '__proto__[x]=1']) {
      const res = await fetch(`${gateway.origin}/api/users/01ABC?${query}`, {
        headers: { __proto__: 'x', constructor: 'y' },
      });
      expect({ query, status: res.status }).toEqual({ query, status: 200 });
    }
    const last = seen.at(-2)!.query as Record<string, string[]>;
    expect(Object.getOwnPropertyNames(last)).toEqual(expect.arrayContaining(['constructor', 'toString']));
    expect(Object.prototype.hasOwnProperty.call(seen[0]!.query, '__proto__')).toBe(true);
  });

  it('WebSocket upgrade: ?__proto__= is refused or accepted by the handler, never a gateway failure', async () => {
    const status = (query: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`${gateway.origin.replace('http', 'ws')}/ws?${query}`, {
          headers: { __proto__: 'x' } as Record<string, string>,
        });
        ws.on('open', () => {
          ws.close();
          resolve(101);
        });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('error', () => resolve(-1));
      });
    expect(await status('__proto__=1&token=good')).toBe(101);
    expect(await status('__proto__=1&__proto__=2')).toBe(401);
  });
});

describe('/simulator-api proxy', () => {
  let upstream: Server;
  let reached = 0;
  beforeAll(async () => {
    upstream = createServer((req, res) => {
      reached++;
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const port = (upstream.address() as AddressInfo).port;
    gateway.setSimulatorPort(() => port);
  });
  afterAll(async () => {
    await new Promise((resolve) => upstream.close(resolve));
  });

  const raw = (headers: Record<string, string>, method = 'GET') =>
    new Promise<number>((resolve, reject) => {
      request(`${gateway.origin}/simulator-api/connections`, { method, headers }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });

  it('forwards same-origin calls from this machine, refuses other origins, other hosts and cross-site fetches before they reach the simulator', async () => {
    const host = new URL(gateway.origin).host;
    expect(await raw({ host })).toBe(200);
    expect(await raw({ host, origin: gateway.origin, 'sec-fetch-site': 'same-origin' }, 'POST')).toBe(200);
    const before = reached;
    expect(await raw({ host, origin: 'https://evil.example' }, 'POST')).toBe(403);
    expect(await raw({ host, 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(await raw({ host: 'evil.example' })).toBe(403);
    expect(await raw({ host: `rebind.evil.example:${new URL(gateway.origin).port}` })).toBe(403);
    expect(reached).toBe(before);
  });
});

describe('hostile URLs and headers through the gateway, over every manifest route', () => {
  it('never answers 5xx, whatever the path segments, query string and header values', async () => {
    const raw = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom('__proto__', 'constructor', '%', '%E0%A4%A', '%00', 'a#b', '..', '%2F', '+', '&&', '=='),
    );
    const needsEncoding = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) >= 0x7f || /[\s/?#]/.test(c);
    const encodeLoosely = (s: string) => [...s].map((c) => (needsEncoding(c) ? encodeURIComponent(c) : c)).join('');
    let requests = 0;
    for (const route of HTTP_ROUTES) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(raw, { minLength: 3, maxLength: 3 }),
          fc.array(fc.tuple(raw, raw), { maxLength: 4 }),
          fc.array(
            fc.tuple(
              fc.constantFrom('__proto__', 'constructor', 'x-a', 'cookie', 'toString'),
              fc.string({ maxLength: 20 }).map((v) => v.replace(/[^\x20-\x7e]/g, '')),
            ),
            { maxLength: 3 },
          ),
          async (segments, query, headers) => {
            let i = 0;
            const path = route.path.replace(/\{\w+\+?\}/g, () => encodeLoosely(segments[i++] || 'x'));
            const search = query.map(([k, v]) => `${encodeLoosely(k)}=${encodeLoosely(v)}`).join('&');
            requests++;
            const res = await fetch(`${gateway.origin}/api${path}?${search}`, {
              method: route.method,
              headers: Object.fromEntries(headers),
            });
            await res.arrayBuffer();
            if (res.status >= 500) throw new Error(`${route.method} ${path}?${search} answered ${res.status}`);
          },
        ),
        { numRuns: 20 },
      );
    }
    console.info(`gateway hostile URLs: ${HTTP_ROUTES.length} routes, ${requests} requests`);
  }, 120_000);
});
