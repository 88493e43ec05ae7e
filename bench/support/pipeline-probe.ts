/**
 * The part of bench/support/pipeline-spans.ts that runs where the queue consumers run (the local
 * stack's consumer thread, loaded as its `consumerProbe`): the real inbound and fan-out handlers,
 * stamped, and a count of every AWS SDK call made on that thread. Stamps are epoch milliseconds
 * (threads have different `performance` origins) and go to the main thread as they are taken.
 * BENCH_CALL_SITES=1 names the functions/src frames behind each call; BENCH_CALL_TRACE=1 also prints
 * every call as it ends (epoch ms mod 10^6, duration, call), to read one message's chain of calls.
 */
import { performance } from 'node:perf_hooks';
import { Client } from '@smithy/core/client';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import type { AreaHandler, AreaHandlers } from '../../infra/local/lambda-runtime';
import type { ConsumerProbe } from '../../infra/local/pollers/consumer-thread';

export interface MessageStamps {
  sent?: number;
  enqueued?: number;
  inboundStart?: number;
  inboundEnd?: number;
  published?: number;
  fanoutStart?: number;
  fanoutEnd?: number;
  socket?: number;
}

export type CallCounts = Map<string, { n: number; ms: number; items: number }>;

/** What the probe sends to the main thread. */
export type ProbeReport =
  | { kind: 'stamps'; area: 'inbound' | 'fanout'; batch: number; stamps: [string, MessageStamps][] }
  | { kind: 'calls'; calls: [string, { n: number; ms: number; items: number }][] };

/** What the main thread sends to the probe. */
export type ProbeCommand = { kind: 'count-calls' } | { kind: 'report-calls' };

const nowEpoch = () => performance.timeOrigin + performance.now();

export const probe: ConsumerProbe = (send, onMessage) => {
  const calls: CallCounts = new Map();
  let uncount: (() => void) | undefined;
  onMessage((message) => {
    const command = message as ProbeCommand;
    if (command.kind === 'count-calls') uncount ??= countCalls(calls);
    if (command.kind === 'report-calls') {
      uncount?.();
      uncount = undefined;
      send({ kind: 'calls', calls: [...calls] } satisfies ProbeReport);
    }
  });
  return stampedHandlers((report) => send(report));
};

/** The real inbound and fan-out handlers, each batch's messages stamped (epoch ms) and reported. */
export function stampedHandlers(report: (r: ProbeReport) => void): AreaHandlers {
  const load = async (path: string) => ((await import(path)) as { handler: AreaHandler }).handler;
  const inbound = load('../../functions/src/handlers/inbound/index.ts');
  const fanout = load('../../functions/src/handlers/fanout/index.ts');
  return {
    inbound: async (event: SQSEvent, context) => {
      const start = nowEpoch();
      const bodies = event.Records.map((r) => [r, inboundBody(r)] as const);
      const result = await (await inbound)(event, context);
      const end = nowEpoch();
      const stamps = bodies
        .filter(([, body]) => body)
        .map(([record, body]): [string, MessageStamps] => [
          body!,
          { enqueued: Number(record.attributes.SentTimestamp), inboundStart: start, inboundEnd: end },
        ]);
      report({ kind: 'stamps', area: 'inbound', batch: event.Records.length, stamps });
      return result;
    },
    fanout: async (event: SQSEvent, context) => {
      const start = nowEpoch();
      const bodies = event.Records.map(fanoutBody);
      const result = await (await fanout)(event, context);
      const end = nowEpoch();
      const stamps = bodies
        .filter((b) => b !== undefined)
        .map((b): [string, MessageStamps] => [b.body, { published: b.publishedAt, fanoutStart: start, fanoutEnd: end }]);
      report({ kind: 'stamps', area: 'fanout', batch: event.Records.length, stamps });
      return result;
    },
  };
}

/** Counts and times every AWS SDK call made on this thread (DynamoDB, SQS, WebSocket posts); returns the undo. */
export function countCalls(calls: CallCounts): () => void {
  const original = Client.prototype.send;
  Client.prototype.send = function (this: Client<never, never, never, never>, command: unknown, ...rest: unknown[]) {
    const service = this.constructor.name.replace(/(Document)?Client$/, '');
    let name = `${service} ${(command as { constructor: { name: string } }).constructor.name.replace(/Command$/, '')}`;
    if (process.env.BENCH_CALL_SITES) name += ` ${callSite()}`;
    const t = performance.now();
    const done = (output?: unknown) => {
      if (process.env.BENCH_CALL_TRACE)
        console.log(`[trace] ${Math.round(nowEpoch() % 1e6)} ${Math.round(performance.now() - t)} ${name} ${callSite()}`);
      const c = calls.get(name) ?? { n: 0, ms: 0, items: 0 };
      c.n++;
      c.ms += performance.now() - t;
      c.items += itemsTouched(command, output);
      calls.set(name, c);
    };
    const out = (original as any).call(this, command, ...rest) as Promise<unknown>;
    out.then(done, () => done());
    return out;
  } as typeof original;
  return () => {
    Client.prototype.send = original;
  };
}

/**
 * DynamoDB items a call reads or writes (DynamoDB Local pays a parse of the table's schema per item,
 * bench/README.md round 7): keys of a batch read, requests of a batch write, actions of a transaction,
 * items a query or scan examined; 1 for a single-item call, 0 for other services.
 */
function itemsTouched(command: unknown, output: unknown): number {
  const input = (command as { input?: Record<string, unknown> }).input ?? {};
  const counted = output as { ScannedCount?: number } | undefined;
  if (typeof counted?.ScannedCount === 'number') return counted.ScannedCount;
  if (Array.isArray(input.TransactItems)) return input.TransactItems.length;
  const requestItems = input.RequestItems as Record<string, unknown[] | { Keys: unknown[] }> | undefined;
  if (requestItems)
    return Object.values(requestItems).reduce((n, r) => n + (Array.isArray(r) ? r.length : r.Keys.length), 0);
  return input.Key || input.Item ? 1 : 0;
}

/** The functions/src frames that made a call (BENCH_CALL_SITES=1: which code reads what, per message). */
function callSite(): string {
  const frames = (new Error().stack ?? '').split('\n').filter((l) => l.includes('functions/src/'));
  return frames
    .slice(0, 3)
    .map((l) => /functions\/src\/(.*?):(\d+)/.exec(l)?.slice(1, 3).join(':') ?? '?')
    .join(' < ');
}

function inboundBody(record: SQSRecord): string | undefined {
  try {
    const event = JSON.parse(record.body) as { message?: { body?: string } };
    return event.message?.body || undefined;
  } catch {
    return undefined;
  }
}

function fanoutBody(record: SQSRecord): { body: string; publishedAt: number } | undefined {
  try {
    const event = JSON.parse(record.body) as {
      kind: string;
      publishedAt: string;
      data: { action: string; message?: { body?: string } };
    };
    if (event.kind !== 'appMessage' || event.data.action !== 'create' || !event.data.message?.body) return undefined;
    return { body: event.data.message.body, publishedAt: Date.parse(event.publishedAt) };
  } catch {
    return undefined;
  }
}
