/**
 * The queue consumers' execution environment: a thread that runs the handlers of their areas. In AWS
 * every consumer invocation runs in its own Lambda execution environment; locally they used to share
 * the stack's one event loop with the SQS emulator, the API gateway and the WebSocket emulation,
 * which capped the inbound pipeline at one core (docs/decisions.md "Inbound throughput, round 2").
 * The event-source mappings stay on the main thread, beside the SQS emulator (sqs-event-source.ts):
 * polling is not the function's work in AWS either. They hand each batch over with `invoke`; the
 * thread loads the same area handlers from functions/ as Lambda would, with the stack's environment.
 * One thread for all consumers: one per queue measured no better (docs/decisions.md "Two consumer threads").
 *
 * A probe module (benches) may wrap the thread's handlers and talk to the main thread: see ConsumerProbe.
 */
import { Worker } from 'node:worker_threads';
import type { Area } from '@atende/functions/manifest';
import type { AreaHandlers, Invoke } from '../lambda-runtime';
import { logLine } from '../log';

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
  /** The areas it runs (loaded when the thread starts, not on the first batch). */
  areas: Area[];
  probe?: string;
}

/** Main thread → consumer thread. */
export type ToConsumer =
  { type: 'invoke'; id: number; area: Area; event: unknown; timeoutMs?: number } | { type: 'probe'; message: unknown };

/** Consumer thread → main thread. */
export type FromConsumer =
  | { type: 'started' }
  | { type: 'invoked'; id: number; result?: unknown; error?: { name: string; message: string; stack?: string } }
  | { type: 'probe'; message: unknown };

export interface ConsumerThread {
  worker: Worker;
  /** Runs one invocation on the thread; rejects with the handler's error (its name and stack kept). */
  invoke: Invoke;
  /** Invocations handed over and not yet answered. */
  inFlight(): number;
  onProbeMessage(listener: (message: unknown) => void): void;
  sendToProbe(message: unknown): void;
  /** Ends the thread; stop the event-source mappings first (an invocation in flight is cut off). */
  stop(): Promise<void>;
}

const ENTRY = new URL('./consumer-worker-entry.mjs', import.meta.url);

export async function startConsumerThread(data: ConsumerThreadData): Promise<ConsumerThread> {
  const worker = new Worker(ENTRY, { workerData: data, env: { ...process.env, ...data.env }, stdout: false });
  const probeListeners: ((message: unknown) => void)[] = [];
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  let nextId = 0;
  let ended = false;
  const started = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (m: FromConsumer) => {
      if (m.type === 'started') resolve();
      else if (m.type === 'probe') for (const listener of probeListeners) listener(m.message);
      else if (m.type === 'invoked') {
        const call = pending.get(m.id);
        pending.delete(m.id);
        if (!m.error) call?.resolve(m.result);
        else call?.reject(Object.assign(new Error(m.error.message), { name: m.error.name, stack: m.error.stack }));
      }
    });
    worker.once('exit', (code) => reject(new Error(`consumer thread exited with code ${code} while starting`)));
  });
  worker.on('exit', () => {
    ended = true;
    for (const call of pending.values()) call.reject(new Error('the consumer thread ended during the invocation'));
    pending.clear();
  });
  await started;
  worker.on('error', (err) => logLine('pollers', `consumer thread failed: ${err.stack ?? err.message}`));
  const post = (message: ToConsumer) => worker.postMessage(message);
  return {
    worker,
    invoke: (area, event, options = {}) =>
      new Promise((resolve, reject) => {
        if (ended) return reject(new Error('the consumer thread has ended'));
        const id = nextId++;
        pending.set(id, { resolve, reject });
        post({ type: 'invoke', id, area, event, timeoutMs: options.timeoutMs });
      }),
    inFlight: () => pending.size,
    onProbeMessage: (listener) => void probeListeners.push(listener),
    sendToProbe: (message) => post({ type: 'probe', message }),
    stop: async () => void (await worker.terminate()),
  };
}
