/**
 * The platform's gateway listens before its handlers have their environment (stack.ts starts it first:
 * its origin goes into that environment). A console left open across a restart of `npm start` calls
 * the API at once; run then, a handler verified the token without JWT_SECRET and answered 401
 * ERR_INVALID_CREDENTIALS, which signs the console out (found by e2e/faults/platform-restart.test.ts).
 * Started `held`, the gateway answers 503 with Retry-After until `open()`, and no handler runs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startGateway, type Gateway } from '../local/gateway/gateway-server';
import { createInvoker } from '../local/lambda-runtime';

let calls = 0;
const invoke = createInvoker({
  users: async () => {
    calls += 1;
    return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: '[]' };
  },
  realtime: async () => ({ statusCode: 200 }),
});

let gateway: Gateway | undefined;
afterEach(async () => {
  await gateway?.stop();
  gateway = undefined;
  calls = 0;
});

const upgradeStatus = (url: string) =>
  new Promise<number>((resolve) => {
    const socket = new WebSocket(url);
    socket.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('open', () => {
      resolve(101);
      socket.close();
    });
    socket.on('error', () => resolve(0));
  });

describe('a gateway started held', () => {
  it('answers 503 with Retry-After and runs no handler until it is opened, then serves', async () => {
    gateway = await startGateway({ invoke, held: true });
    const held = await fetch(`${gateway.origin}/api/users`, { headers: { authorization: 'Bearer x' } });
    expect(held.status).toBe(503);
    expect(held.headers.get('retry-after')).toBe('1');
    expect(await held.json()).toMatchObject({ error: 'ERR_FEATURE_UNAVAILABLE' });
    expect(await upgradeStatus(`${gateway.origin.replace('http', 'ws')}/ws?token=good`)).toBe(503);
    expect(calls).toBe(0);

    gateway.open();
    const served = await fetch(`${gateway.origin}/api/users`, { headers: { authorization: 'Bearer x' } });
    expect(served.status).toBe(200);
    expect(calls).toBe(1);
  });

  it('is open from the start without `held` (the tests and benches that start one alone)', async () => {
    gateway = await startGateway({ invoke });
    expect((await fetch(`${gateway.origin}/api/users`)).status).toBe(200);
  });
});
