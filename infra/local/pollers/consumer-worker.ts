/**
 * The consumer thread's side (see consumer-thread.ts): runs the invocations the main thread's
 * event-source mappings hand it, on this thread's own event loop, until the thread is terminated.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createInvoker, type AreaHandlers } from '../lambda-runtime';
import type { ConsumerProbe, ConsumerThreadData, FromConsumer, ToConsumer } from './consumer-thread';

const data = workerData as ConsumerThreadData;
const port = parentPort!;
Object.assign(process.env, data.env);
const post = (message: FromConsumer) => port.postMessage(message);

const probeListeners: ((message: unknown) => void)[] = [];
let overrides: AreaHandlers | undefined;
if (data.probe) {
  const probe = (await import(data.probe)) as { probe: ConsumerProbe };
  overrides = probe.probe(
    (message) => post({ type: 'probe', message }),
    (listener) => void probeListeners.push(listener),
  );
}
const invoke = createInvoker(overrides);
// A fresh thread has none of the stack's modules loaded: load the areas now, not on the first batch.
for (const area of data.areas) invoke.warm(area);

port.on('message', (message: ToConsumer) => {
  if (message.type === 'probe') for (const listener of probeListeners) listener(message.message);
  if (message.type !== 'invoke') return;
  const { id, area, event, timeoutMs } = message;
  const failed = (err: unknown) => {
    const e = err instanceof Error ? err : new Error(String(err));
    post({ type: 'invoked', id, error: { name: e.name, message: e.message, stack: e.stack } });
  };
  invoke(area, event, { timeoutMs }).then((result) => {
    try {
      post({ type: 'invoked', id, result });
    } catch (err) {
      failed(err); // a result that cannot cross threads (Lambda would reject one it cannot serialise)
    }
  }, failed);
});
post({ type: 'started' });
