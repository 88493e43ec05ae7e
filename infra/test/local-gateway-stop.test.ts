/**
 * The local gateway stops at once with a browser still attached (issue 30, item 23): `npm start`'s
 * Ctrl-C waited ~20 s and then gave up ("still stopping after 20 s") because `server.close()` waited
 * for Vite's HMR socket, which the HTTP server no longer counts as a request once upgraded, so
 * `closeAllConnections()` skipped it. The fake web handler here takes upgrades as Vite does (its own
 * 'upgrade' listener on the gateway's server).
 */
import { Agent, get } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { startGateway, type Gateway } from '../local/gateway/gateway-server';
import { createInvoker } from '../local/lambda-runtime';

const wsEvents: string[] = [];
const invoke = createInvoker({
  realtime: async (event: { requestContext: { routeKey: string } }) => {
    wsEvents.push(event.requestContext.routeKey);
    return { statusCode: 200 };
  },
});

let gateway: Gateway | undefined;
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await gateway?.stop().catch(() => {});
  gateway = undefined;
});

/** A socket upgraded by another listener than the gateway's, as Vite's HMR server does in middleware mode. */
function mountHmrLikeConsole(target: Gateway): void {
  const hmr = new WebSocketServer({ noServer: true });
  target.server.on('upgrade', (req, socket, head) => {
    if (req.headers['sec-websocket-protocol'] === 'vite-hmr')
      hmr.handleUpgrade(req, socket, head, (ws) => hmr.emit('connection', ws, req));
  });
  target.setWebHandler((_req, res) => res.end('<!doctype html>'), true);
  cleanups.push(() => hmr.close());
}

const opened = (ws: WebSocket) =>
  new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
const closed = (ws: WebSocket) => new Promise<void>((resolve) => ws.once('close', () => resolve()));

/** How long `stop()` takes, or `Infinity` when it is still running after `boundMs`. */
async function timedStop(target: Gateway, boundMs: number): Promise<number> {
  const started = Date.now();
  const done = await Promise.race([
    target.stop().then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), boundMs)),
  ]);
  return done ? Date.now() - started : Infinity;
}

describe('local gateway stop', () => {
  it('ends an HMR socket, a /ws socket and a keep-alive connection within a second', async () => {
    gateway = await startGateway({ invoke, wsIdleTimeoutMs: 60_000 });
    mountHmrLikeConsole(gateway);
    const port = gateway.port;

    const hmr = new WebSocket(`ws://127.0.0.1:${port}/`, 'vite-hmr');
    const api = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    await Promise.all([opened(hmr), opened(api)]);
    // A page load leaves its connection open for the next request.
    const agent = new Agent({ keepAlive: true });
    cleanups.push(() => agent.destroy());
    await new Promise<void>((resolve, reject) =>
      get({ host: '127.0.0.1', port, path: '/', agent }, (res) => res.resume().on('end', resolve)).on('error', reject),
    );
    const hmrClosed = closed(hmr);
    const apiClosed = closed(api);

    const tookMs = await timedStop(gateway, 5000);
    gateway = undefined;
    expect(tookMs).toBeLessThan(1500);
    await Promise.all([hmrClosed, apiClosed]);
    // The WebSocket API's sockets still end the way API Gateway ends them: $disconnect runs.
    await expect.poll(() => wsEvents.filter((k) => k === '$disconnect').length).toBe(1);
    // And the port is free: nothing accepts connections any more.
    await expect(
      new Promise((resolve, reject) => get({ host: '127.0.0.1', port, path: '/' }, resolve).on('error', reject)),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});
