/**
 * Timing spans of the inbound pipeline, for benches that run the local platform in their own process:
 * the inbound and fan-out areas are wrapped (the real handlers, timed, in the stack's consumer thread:
 * bench/support/pipeline-probe.ts) and every record is stamped
 *
 *   sent ─(session host → inbound queue)─ enqueued ─(queue wait)─ inbound start ─(worker)─ inbound end
 *        └ realtime published ─(queue wait)─ fan-out start ─(posts)─ fan-out end ─ socket event
 *
 * keyed by the message body, so the bench can split each message's latency into stages. DynamoDB,
 * SQS and API Gateway management calls made by the consumers are counted and timed per command, and
 * the event-loop utilisation of both threads is sampled (everything but DynamoDB Local and the session
 * host runs on them locally, so a busy loop is a ceiling of the local platform, not of Lambda).
 */
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import type { ConsumerThread } from '../../infra/local/pollers/consumer-thread';
import type { CallCounts, MessageStamps, ProbeCommand, ProbeReport } from './pipeline-probe';
import { round } from './stats';

export type { MessageStamps } from './pipeline-probe';

/** Epoch ms ↔ performance.now(): SQS timestamps, `publishedAt` and the probe's stamps are epoch ms. */
const epochToPerf = (epochMs: number) => epochMs - performance.timeOrigin;

/** The module the stack's consumer thread loads: `startLocalStack({ consumerProbe: PIPELINE_PROBE })`. */
export const PIPELINE_PROBE = new URL('./pipeline-probe.ts', import.meta.url).href;

export class PipelineSpans {
  readonly stamps = new Map<string, MessageStamps>();
  readonly calls: CallCounts = new Map();
  readonly batches = { inbound: [] as number[], fanout: [] as number[] };
  private elu: { main: EventLoopUtilization; consumers: EventLoopUtilization } | undefined;
  private thread: ConsumerThread | undefined;
  private callsReported: ((calls: [string, { n: number; ms: number; items: number }][]) => void) | undefined;

  /** Listens to the probe in the stack's consumer thread. */
  attach(thread: ConsumerThread): void {
    this.thread = thread;
    thread.onProbeMessage((message) => {
      const report = message as ProbeReport;
      if (report.kind === 'calls') return this.callsReported?.(report.calls);
      this.batches[report.area].push(report.batch);
      for (const [body, stamps] of report.stamps) {
        const s = this.at(body);
        for (const [key, epoch] of Object.entries(stamps)) s[key as keyof MessageStamps] = epochToPerf(epoch);
      }
    });
  }

  /** Starts counting the consumers' AWS calls and sampling both event loops. */
  start(): void {
    const thread = this.requireThread();
    this.elu = {
      main: performance.eventLoopUtilization(),
      consumers: thread.worker.performance.eventLoopUtilization(),
    };
    thread.sendToProbe({ kind: 'count-calls' } satisfies ProbeCommand);
  }

  /** Event-loop utilisation (%) of the main thread (gateway, SQS emulator and pollers) and of the consumer thread. */
  async stop(): Promise<{ mainLoop: number; consumerLoop: number }> {
    const thread = this.requireThread();
    const reported = new Promise<[string, { n: number; ms: number; items: number }][]>(
      (resolve) => (this.callsReported = resolve),
    );
    thread.sendToProbe({ kind: 'report-calls' } satisfies ProbeCommand);
    for (const [name, c] of await reported) this.calls.set(name, c);
    const used = (e: EventLoopUtilization | undefined, now: (prev: EventLoopUtilization) => EventLoopUtilization) =>
      e ? round(now(e).utilization * 100) : NaN;
    return {
      mainLoop: used(this.elu?.main, (e) => performance.eventLoopUtilization(e)),
      consumerLoop: used(this.elu?.consumers, (e) => thread.worker.performance.eventLoopUtilization(e)),
    };
  }

  private requireThread(): ConsumerThread {
    if (!this.thread) throw new Error("PipelineSpans: attach() the stack's consumer thread first");
    return this.thread;
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
        'items per message': round(c.items / Math.max(1, messages), 2),
      }));
  }
}
