/**
 * Timing spans of the inbound pipeline, for benches that run the local platform in their own process:
 * the inbound and fan-out areas are wrapped (the real handlers, timed) and every record is stamped
 *
 *   sent ─(session host → inbound queue)─ enqueued ─(queue wait)─ inbound start ─(worker)─ inbound end
 *        └ realtime published ─(queue wait)─ fan-out start ─(posts)─ fan-out end ─ socket event
 *
 * keyed by the message body, so the bench can split each message's latency into stages. DynamoDB,
 * SQS and API Gateway management calls made in this process are counted and timed per command, and
 * the event loop's utilisation is sampled (everything but DynamoDB Local and the session host runs
 * on this one thread locally, so a busy loop is a ceiling of the local platform, not of Lambda).
 */
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { Client } from '@smithy/core/client';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import type { AreaHandler, AreaHandlers } from '../../infra/local/lambda-runtime';
import { round } from './stats';

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

/** Epoch ms ↔ performance.now(): SQS timestamps and `publishedAt` are epoch ms. */
const epochToPerf = (epochMs: number) => epochMs - performance.timeOrigin;

export class PipelineSpans {
  readonly stamps = new Map<string, MessageStamps>();
  readonly calls = new Map<string, { n: number; ms: number }>();
  readonly batches = { inbound: [] as number[], fanout: [] as number[] };
  private elu: EventLoopUtilization | undefined;
  private unpatch: (() => void) | undefined;

  /** Area overrides for `startLocalStack({ handlers })`: the real handlers, stamped. */
  handlers(): AreaHandlers {
    const load = async (path: string) => ((await import(path)) as { handler: AreaHandler }).handler;
    const inbound = load('../../functions/src/handlers/inbound/index.ts');
    const fanout = load('../../functions/src/handlers/fanout/index.ts');
    return {
      inbound: async (event: SQSEvent, context) => {
        const start = performance.now();
        this.batches.inbound.push(event.Records.length);
        const bodies = event.Records.map((r) => [r, inboundBody(r)] as const);
        for (const [record, body] of bodies) {
          if (!body) continue;
          const s = this.at(body);
          s.enqueued = epochToPerf(Number(record.attributes.SentTimestamp));
          s.inboundStart = start;
        }
        const result = await (await inbound)(event, context);
        const end = performance.now();
        for (const [, body] of bodies) if (body) this.at(body).inboundEnd = end;
        return result;
      },
      fanout: async (event: SQSEvent, context) => {
        const start = performance.now();
        this.batches.fanout.push(event.Records.length);
        const bodies = event.Records.map(fanoutBody);
        for (const item of bodies) {
          if (!item) continue;
          const s = this.at(item.body);
          s.published = epochToPerf(item.publishedAt);
          s.fanoutStart = start;
        }
        const result = await (await fanout)(event, context);
        const end = performance.now();
        for (const item of bodies) if (item) this.at(item.body).fanoutEnd = end;
        return result;
      },
    };
  }

  /** Counts and times every AWS SDK call made in this process (DynamoDB, SQS, WebSocket posts). */
  start(): void {
    this.elu = performance.eventLoopUtilization();

    const original = Client.prototype.send;
    const calls = this.calls;
    Client.prototype.send = function (this: Client<never, never, never, never>, command: unknown, ...rest: unknown[]) {
      const service = this.constructor.name.replace(/(Document)?Client$/, '');
      let name = `${service} ${(command as { constructor: { name: string } }).constructor.name.replace(/Command$/, '')}`;
      if (process.env.BENCH_CALL_SITES) name += ` ${callSite()}`;
      const t = performance.now();
      const done = () => {
        const c = calls.get(name) ?? { n: 0, ms: 0 };
        c.n++;
        c.ms += performance.now() - t;
        calls.set(name, c);
      };

      const out = (original as any).call(this, command, ...rest) as Promise<unknown>;
      out.then(done, done);
      return out;
    } as typeof original;
    this.unpatch = () => {
      Client.prototype.send = original;
    };
  }

  stop(): { eventLoopUtilization: number } {
    this.unpatch?.();
    const used = this.elu ? performance.eventLoopUtilization(this.elu).utilization : NaN;
    return { eventLoopUtilization: round(used * 100) };
  }

  at(body: string): MessageStamps {
    let s = this.stamps.get(body);
    if (!s) this.stamps.set(body, (s = {}));
    return s;
  }

  /** Median and p99 of each stage over the messages whose bodies start with `prefix`. */
  stages(prefix: string): Record<string, string | number>[] {
    const rows: [string, keyof MessageStamps, keyof MessageStamps][] = [
      ['session host → inbound queue', 'sent', 'enqueued'],
      ['inbound queue wait', 'enqueued', 'inboundStart'],
      ['inbound batch (worker)', 'inboundStart', 'inboundEnd'],
      ['inbound start → realtime published', 'inboundStart', 'published'],
      ['realtime queue wait', 'published', 'fanoutStart'],
      ['fan-out batch', 'fanoutStart', 'fanoutEnd'],
      ['fan-out end → socket', 'fanoutEnd', 'socket'],
      ['total', 'sent', 'socket'],
    ];
    const picked = [...this.stamps].filter(([body]) => body.startsWith(prefix)).map(([, s]) => s);
    return rows.map(([name, from, to]) => {
      const d = picked
        .filter((s) => s[from] !== undefined && s[to] !== undefined)
        .map((s) => s[to]! - s[from]!)
        .sort((a, b) => a - b);
      const q = (p: number) => round(d[Math.min(d.length - 1, Math.max(0, Math.ceil(p * d.length) - 1))] ?? NaN);
      return { stage: name, n: d.length, 'p50 ms': q(0.5), 'p99 ms': q(0.99) };
    });
  }

  callRows(messages: number): Record<string, string | number>[] {
    return [...this.calls]
      .sort((a, b) => b[1].n - a[1].n)
      .map(([name, c]) => ({
        call: name,
        n: c.n,
        'per message': round(c.n / Math.max(1, messages), 2),
        'mean ms': round(c.ms / c.n),
      }));
  }
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
