/**
 * The one local origin, like CloudFront in AWS: `/api/*` → REST API (prefix stripped), `/ws` → WebSocket
 * API, `/@connections/*` → its management endpoint, `/simulator-api/*` → the session host's simulator
 * (local mode only), `/config.json` → the SPA's runtime config, everything else → the web console.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { HTTP_ROUTES, type HttpRouteSpec } from '@atende/functions/manifest';
import type { Invoke } from '../lambda-runtime';
import { logLine } from '../log';
import { isLoopbackHost } from '@atende/session-host/simulator/console-guard';
import { sendJson } from './http-utils';
import { handleRestRequest } from './rest-api';
import { routeMatcher } from './routes';
import { WebSocketApi } from './websocket-api';

export type WebHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface GatewayOptions {
  invoke: Invoke;
  /** 0 → any free port. */
  port?: number;
  routes?: HttpRouteSpec[];
  /** Where `/simulator-api/*` goes: the simulator port of a shard (`?shard=N`, default 0). */
  simulatorPort?: (shard: number) => number | undefined;
  wsIdleTimeoutMs?: number;
  /**
   * Hold the API until `open()`: the platform's gateway listens before its handlers have their
   * environment (tables, queues, JWT secret), and a console left open across a restart calls it at
   * once — answered 503 (retry) meanwhile, never run against a half-set environment (a 401 there
   * signed the console out: e2e/faults/platform-restart.test.ts).
   */
  held?: boolean;
}

export interface Gateway {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  server: Server;
  websocket: WebSocketApi;
  /** Points `/simulator-api/*` at the session host once it has ports. */
  setSimulatorPort(lookup: (shard: number) => number | undefined): void;
  /** Mounts the console (Vite middleware or static files); until then non-API paths answer 404. */
  setWebHandler(handler: WebHandler, handlesUpgrades: boolean): void;
  /** Lets the API through (a gateway started `held`). */
  open(): void;
  stop(): Promise<void>;
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const match = routeMatcher(options.routes ?? HTTP_ROUTES);
  const websocket = new WebSocketApi({ invoke: options.invoke, idleTimeoutMs: options.wsIdleTimeoutMs });
  let simulatorPort = options.simulatorPort;
  let web: WebHandler | undefined;
  let webHandlesUpgrades = false;
  let held = options.held === true;

  const server = createServer((req, res) => {
    route(req, res).catch((err) => {
      logLine('gateway', `${req.method} ${req.url} failed: ${(err as Error).stack ?? err}`);
      if (!res.headersSent) sendJson(res, 500, { error: 'ERR_INTERNAL' });
      else res.destroy();
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname;
    if (path === '/config.json')
      return sendJson(res, 200, runtimeConfig(req, !!simulatorPort), { 'cache-control': 'no-store' });
    const api = path === '/api' || path.startsWith('/api/') || path.startsWith('/@connections/') || path === '/ws';
    if (held && api) {
      req.resume();
      return sendJson(res, 503, { error: 'ERR_FEATURE_UNAVAILABLE', message: 'starting' }, { 'retry-after': '1' });
    }
    if (path === '/api' || path.startsWith('/api/'))
      return handleRestRequest(req, res, path.slice(4) || '/', url.searchParams, { match, invoke: options.invoke });
    if (path.startsWith('/@connections/')) return websocket.handleManagement(req, res, path.slice('/@connections/'.length));
    if (path === '/ws') return sendJson(res, 426, { message: 'Upgrade Required' });
    if (simulatorPort && (path === '/simulator-api' || path.startsWith('/simulator-api/'))) {
      if (!sameOriginOnThisMachine(req)) {
        req.resume();
        return sendJson(res, 403, {
          error: 'FORBIDDEN',
          message: 'the simulator is driven from the console on this machine only',
        });
      }
      return proxySimulator(req, res, url, simulatorPort(Number(url.searchParams.get('shard') ?? 0)));
    }
    if (web) return web(req, res, () => sendJson(res, 404, { error: 'ERR_NOT_FOUND' }));
    sendJson(res, 404, { error: 'ERR_NOT_FOUND' });
  }

  // Every socket the server accepted, upgraded ones included, so stop() can end them all.
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname === '/ws' && held) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nretry-after: 1\r\ncontent-length: 0\r\n\r\n');
    } else if (url.pathname === '/ws') {
      websocket.handleUpgrade(req, socket, head, url.searchParams).catch((err) => {
        logLine('gateway', `websocket upgrade failed: ${(err as Error).stack ?? err}`);
        socket.destroy();
      });
    } else if (!webHandlesUpgrades) {
      socket.destroy(); // Vite's HMR socket is the only other upgrade, and Vite listens for it itself
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    server,
    websocket,
    setSimulatorPort(lookup) {
      simulatorPort = lookup;
    },
    setWebHandler(handler, handlesUpgrades) {
      web = handler;
      webHandlesUpgrades = handlesUpgrades;
    },
    open() {
      held = false;
    },
    async stop() {
      // No new connection from here on (a console reconnecting mid-stop included); the sockets of
      // the WebSocket API get their close frame and $disconnect, as API Gateway's do.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await websocket.closeAll();
      // What is left would hold `close` open for as long as a browser tab stays: keep-alive requests,
      // and sockets upgraded by another listener (Vite's HMR socket), which the HTTP server no longer
      // counts as requests, so closeAllConnections() skips them.
      server.closeAllConnections();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/** Same origin for everything, so the URLs follow whatever host name the browser used. */
function runtimeConfig(req: IncomingMessage, withSimulator: boolean) {
  const host = req.headers.host ?? '127.0.0.1';
  const origin = `http://${host}`;
  return {
    apiUrl: `${origin}/api`,
    wsUrl: `ws://${host}/ws`,
    localMode: true,
    ...(withSimulator ? { simulatorUrl: `${origin}/simulator-api` } : {}),
  };
}

/**
 * The simulator proxy answers only the console's own origin on this machine: a loopback Host (a
 * DNS-rebinding page brings its own name), an Origin equal to this origin when the browser sends one,
 * and no cross-site fetch metadata. The simulator checks its own rules again (bearer, JSON writes);
 * this check matters here because the proxy rewrites Host on the way.
 */
function sameOriginOnThisMachine(req: IncomingMessage): boolean {
  const host = req.headers.host;
  if (!isLoopbackHost(host)) return false;
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${host}` && origin !== `https://${host}`) return false;
  const site = req.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

function proxySimulator(req: IncomingMessage, res: ServerResponse, url: URL, port: number | undefined): void {
  if (!port) return sendJson(res, 503, { error: 'ERR_FEATURE_UNAVAILABLE' });
  url.searchParams.delete('shard');
  const target = `${url.pathname.slice('/simulator-api'.length) || '/'}${url.search}`;
  const upstream = httpRequest(
    { host: '127.0.0.1', port, method: req.method, path: target, headers: { ...req.headers, host: `127.0.0.1:${port}` } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) sendJson(res, 503, { error: 'ERR_FEATURE_UNAVAILABLE' });
    else res.destroy();
  });
  req.pipe(upstream);
}
