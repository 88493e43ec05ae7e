/**
 * A fault-injecting HTTP proxy: every request is one operation (the flavour names it: `PutItem`,
 * `POST /messages`); the profile gives each operation a share of calls that fail, the kinds of
 * failure, the share of failures that happen AFTER the request was forwarded and answered upstream
 * (the write is applied, the caller sees an error: the nasty case) and added latency. Each operation
 * draws from its own seeded generator (`@atende/shared/seeded-random`), so a run replays with its seed.
 * A `timeout` holds the request for `timeoutMs` and then drops the connection without an answer.
 */
import { createServer, request as httpRequest, Agent, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { seededRandoms } from '@atende/shared/seeded-random';

export type FaultKind = 'throughput' | 'throttling' | 'server-error' | 'timeout' | 'gateway-timeout';

export interface FaultRule {
  /** 0..1: the share of this operation's calls that fail. */
  share: number;
  /** The failures' kinds, drawn evenly. */
  kinds: FaultKind[];
  /** 0..1: the share of failures answered only after the call was applied upstream. */
  afterShare?: number;
  /** Added latency per call, ms, uniform in [min, max]. */
  latencyMs?: [number, number];
}

/** Rules by operation; `*` for every operation without its own. */
export type FaultProfile = Record<string, FaultRule>;

export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What a proxied protocol decides: which operation a request is, and how its errors look. */
export interface ProxyFlavor {
  /** Undefined: never faulted (passed through). */
  operation(method: string, path: string, headers: IncomingHttpHeaders, body: Buffer): string | undefined;
  errorAnswer(kind: Exclude<FaultKind, 'timeout'>): ErrorAnswer;
}

export interface OperationStats {
  calls: number;
  faults: Partial<Record<FaultKind, number>>;
  /** Failures given after the call was applied upstream. */
  after: number;
}

export interface FaultProxy {
  url: string;
  /** Where calls go; settable after start (the stack's emulator starts later). */
  target: string | undefined;
  /** The faults now in force (replace it to change them; `{}` turns them off). */
  profile: FaultProfile;
  stats(): Record<string, OperationStats>;
  resetStats(): void;
  stop(): Promise<void>;
}

export interface FaultProxyOptions {
  flavor: ProxyFlavor;
  seed: number;
  target?: string;
  /** How long a `timeout` holds the call before dropping it (default 1500 ms). */
  timeoutMs?: number;
}

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const randomFor = seededRandoms(options.seed);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const sockets = new Set<Socket>();
  let stats: Record<string, OperationStats> = {};
  const proxy: FaultProxy = {
    url: '',
    target: options.target,
    profile: {},
    stats: () => structuredClone(stats),
    resetStats: () => void (stats = {}),
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const operation = options.flavor.operation(req.method ?? 'GET', req.url ?? '/', req.headers, body);
        const rule = operation ? (proxy.profile[operation] ?? proxy.profile['*']) : undefined;
        const decision = operation && rule ? decide(rule, randomFor(operation)) : undefined;
        if (operation) record(stats, operation, decision);
        if (decision?.latencyMs) await sleep(decision.latencyMs);
        if (decision?.fault && !decision.after) return fail(decision.fault);
        const upstream = await forward(proxy.target, agent, req.method ?? 'GET', req.url ?? '/', req.headers, body);
        if (decision?.fault) return fail(decision.fault);
        res.writeHead(upstream.status, upstream.headers);
        res.end(upstream.body);
      })().catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`fault proxy: ${(err as Error).message}`);
      });
    });

    function fail(kind: FaultKind): void {
      if (kind === 'timeout') {
        setTimeout(() => req.socket.destroy(), options.timeoutMs ?? 1500).unref();
        return;
      }
      const answer = options.flavor.errorAnswer(kind);
      res.writeHead(answer.status, { ...answer.headers, 'content-length': Buffer.byteLength(answer.body) });
      res.end(answer.body);
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}

interface Decision {
  fault?: FaultKind;
  after: boolean;
  latencyMs: number;
}

/** Always four draws per call, so one call's outcome never shifts the next call's. */
export function decide(rule: FaultRule, random: () => number): Decision {
  const [fails, pick, late] = [random(), random(), random()];
  const [min, max] = rule.latencyMs ?? [0, 0];
  const latencyMs = Math.round(min + (max - min) * random());
  if (fails >= rule.share || rule.kinds.length === 0) return { after: false, latencyMs };
  const fault = rule.kinds[Math.min(rule.kinds.length - 1, Math.floor(pick * rule.kinds.length))];
  return { fault, after: late < (rule.afterShare ?? 0), latencyMs };
}

function record(stats: Record<string, OperationStats>, operation: string, decision: Decision | undefined): void {
  const entry = (stats[operation] ??= { calls: 0, faults: {}, after: 0 });
  entry.calls += 1;
  if (!decision?.fault) return;
  entry.faults[decision.fault] = (entry.faults[decision.fault] ?? 0) + 1;
  if (decision.after) entry.after += 1;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

async function forward(
  target: string | undefined,
  agent: Agent,
  method: string,
  path: string,
  headers: IncomingHttpHeaders,
  body: Buffer,
): Promise<{ status: number; headers: Record<string, string | string[]>; body: Buffer }> {
  if (!target) throw new Error('no target yet');
  const url = new URL(path, target);
  const outHeaders = Object.fromEntries(
    Object.entries(headers).filter(([name, value]) => value !== undefined && !HOP_BY_HOP.has(name)),
  ) as Record<string, string | string[]>;
  outHeaders.host = url.host;
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers: outHeaders, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const answer = Buffer.concat(chunks);
        const resHeaders = Object.fromEntries(
          Object.entries(res.headers).filter(([name, value]) => value !== undefined && !HOP_BY_HOP.has(name)),
        ) as Record<string, string | string[]>;
        resHeaders['content-length'] = String(answer.length);
        resolve({ status: res.statusCode ?? 502, headers: resHeaders, body: answer });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
