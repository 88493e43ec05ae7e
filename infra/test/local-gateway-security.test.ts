/**
 * Issue 8 item 1 (local gateway): prototype keys in the query string or headers, on REST and on the
 * WebSocket upgrade, reach the handler as plain keys instead of crashing the gateway with a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startGateway, type Gateway } from '../local/gateway/gateway-server';
import { createInvoker } from '../local/lambda-runtime';

const seen: { query?: unknown; headers?: unknown }[] = [];
const invoke = createInvoker({
  users: async (event: { queryStringParameters: unknown; multiValueQueryStringParameters: Record<string, string[]> | null; headers: unknown }) => {
    seen.push({ query: event.multiValueQueryStringParameters, headers: event.headers });
    return { statusCode: 200, body: JSON.stringify({ ok: true }) };
  },
  realtime: async (event: { requestContext: { routeKey: string }; queryStringParameters?: Record<string, string> }) =>
    ({ statusCode: event.requestContext.routeKey === '$connect' && event.queryStringParameters?.token !== 'good' ? 401 : 200 }),
});

let gateway: Gateway;
beforeAll(async () => { gateway = await startGateway({ invoke, wsIdleTimeoutMs: 60_000 }); });
afterAll(async () => { await gateway.stop(); });

describe('prototype keys through the local gateway', () => {
  it('REST: ?__proto__= and a __proto__ header are ordinary keys', async () => {
    for (const query of ['__proto__=1', '__proto__=a&__proto__=b', 'constructor=x&toString=y', '__proto__[x]=1']) {
      const res = await fetch(`${gateway.origin}/api/users/01ABC?${query}`, { headers: { __proto__: 'x', constructor: 'y' } });
      expect({ query, status: res.status }).toEqual({ query, status: 200 });
    }
    const last = seen.at(-2)!.query as Record<string, string[]>;
    expect(Object.getOwnPropertyNames(last)).toEqual(expect.arrayContaining(['constructor', 'toString']));
    expect(Object.prototype.hasOwnProperty.call(seen[0]!.query, '__proto__')).toBe(true);
  });

  it('WebSocket upgrade: ?__proto__= is refused or accepted by the handler, never a gateway failure', async () => {
    const status = (query: string) => new Promise<number>((resolve) => {
      const ws = new WebSocket(`${gateway.origin.replace('http', 'ws')}/ws?${query}`, { headers: { __proto__: 'x' } as Record<string, string> });
      ws.on('open', () => { ws.close(); resolve(101); });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('error', () => resolve(-1));
    });
    expect(await status('__proto__=1&token=good')).toBe(101);
    expect(await status('__proto__=1&__proto__=2')).toBe(401);
  });
});
