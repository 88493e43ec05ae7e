/**
 * The consumer thread's side (see consumer-thread.ts): runs the SQS event-source mappings it is given
 * and the areas they invoke, on this thread's own event loop, until the parent says `stop`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SQSClient } from '@aws-sdk/client-sqs';
import { withoutSdkLogger } from '@atende/functions/shared-surface';
import { localClientConfig } from '../emulators/local-aws';
import { createInvoker, type AreaHandlers } from '../lambda-runtime';
import { logLine } from '../log';
import type { ConsumerThreadData, ConsumerProbe } from './consumer-thread';
import { startEventSourceMapping } from './sqs-event-source';

const data = workerData as ConsumerThreadData;
const port = parentPort!;
Object.assign(process.env, data.env);

let overrides: AreaHandlers | undefined;
if (data.probe) {
  const probe = (await import(data.probe)) as { probe: ConsumerProbe };
  overrides = probe.probe(
    (message) => port.postMessage({ type: 'probe', message }),
    (listener) =>
      port.on('message', (m: { type?: string; message?: unknown }) => m?.type === 'probe' && listener(m.message)),
  );
}
const invoke = createInvoker(overrides);
// Lambda's pollers cost the platform nothing in AWS: keep the local ones as light as the SDK allows.
const sqs = withoutSdkLogger(new SQSClient(localClientConfig(data.sqsEndpoint)));
const mappings = data.mappings.map((m) => startEventSourceMapping({ ...m, sqs, invoke }));
// A fresh thread has none of the stack's modules loaded: load the areas now, not on the first message.
for (const m of data.mappings) invoke.warm(m.area);

port.on('message', (message: { type?: string }) => {
  if (message?.type !== 'stop') return;
  void Promise.all(mappings.map((m) => m.stop()))
    .catch((err: unknown) => logLine('pollers', `consumer thread stop failed: ${(err as Error).message}`))
    .finally(() => {
      sqs.destroy();
      port.postMessage({ type: 'stopped' }); // the parent then terminates the thread (keep-alive sockets)
    });
});
port.postMessage({ type: 'started' });
