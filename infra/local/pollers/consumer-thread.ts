/**
 * The queue consumers on a thread of their own. In AWS every consumer invocation runs in its own
 * Lambda execution environment; locally they used to share the stack's one event loop with the SQS
 * emulator, the API gateway and the WebSocket emulation, which capped the inbound pipeline at one
 * core (bench/inbound-pipeline.ts, docs/decisions.md "Inbound throughput, round 2"). The thread runs
 * the same event-source mappings and the same area handlers (loaded from functions/ as Lambda would),
 * with the stack's environment; the emulators it talks to stay on the main thread.
 *
 * A probe module (benches) may wrap the thread's handlers and talk to the main thread: see ConsumerProbe.
 */
import { Worker } from 'node:worker_threads';
import type { AreaHandlers } from '../lambda-runtime';
import { logLine } from '../log';
import type { EventSourceMappingOptions } from './sqs-event-source';

export type ConsumerMapping = Omit<EventSourceMappingOptions, 'sqs' | 'invoke'>;

/**
 * `export function probe(send, onMessage): AreaHandlers` in a module named by URL: runs in the consumer
 * thread; `send` reaches the main thread's `ConsumerThread.onProbeMessage` listeners, `onMessage` gets
 * what the main thread sends with `ConsumerThread.sendToProbe`.
 */
export type ConsumerProbe = (
  send: (message: unknown) => void,
  onMessage: (listener: (message: unknown) => void) => void,
) => AreaHandlers;

export interface ConsumerThreadData {
  env: Record<string, string>;
  sqsEndpoint: string;
  mappings: ConsumerMapping[];
  probe?: string;
}

export interface ConsumerThread {
  worker: Worker;
  /** The areas whose queues this thread consumes. */
  areas: string[];
  onProbeMessage(listener: (message: unknown) => void): void;
  sendToProbe(message: unknown): void;
  /** Stops the mappings (batches in flight finish), then ends the thread; bounded. */
  stop(): Promise<void>;
}

const STOP_BOUND_MS = 5_000;
const ENTRY = new URL('./consumer-worker-entry.mjs', import.meta.url);

export async function startConsumerThread(data: ConsumerThreadData): Promise<ConsumerThread> {
  const worker = new Worker(ENTRY, { workerData: data, env: { ...process.env, ...data.env }, stdout: false });
  const probeListeners: ((message: unknown) => void)[] = [];
  let stopped: (() => void) | undefined;
  const started = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (m: { type: string; message?: unknown }) => {
      if (m.type === 'started') resolve();
      else if (m.type === 'stopped') stopped?.();
      else if (m.type === 'probe') for (const listener of probeListeners) listener(m.message);
    });
    worker.once('exit', (code) => reject(new Error(`consumer thread exited with code ${code} while starting`)));
  });
  await started;
  worker.on('error', (err) => logLine('pollers', `consumer thread failed: ${err.stack ?? err.message}`));
  return {
    worker,
    areas: data.mappings.map((m) => m.area),
    onProbeMessage: (listener) => void probeListeners.push(listener),
    sendToProbe: (message) => worker.postMessage({ type: 'probe', message }),
    async stop() {
      const done = new Promise<void>((resolve) => {
        stopped = resolve;
        worker.once('exit', () => resolve());
        setTimeout(resolve, STOP_BOUND_MS).unref();
      });
      worker.postMessage({ type: 'stop' });
      await done;
      await worker.terminate();
    },
  };
}
