/**
 * The local event-source mappings' way into the SQS emulator: fauxqs's own ReceiveMessage and
 * DeleteMessageBatch actions, called on its queue store in this process (no HTTP, no SDK).
 *
 * In AWS the Lambda service polls the queue and deletes what the function handled: none of that runs
 * in the function's CPU. Locally the pollers used the AWS SDK over HTTP from the consumer thread, a
 * receive and a delete per batch beside the handlers' own calls, on the busiest event loop of the
 * local platform (bench/README.md "Round 14"). Producers (handlers, the session host) still talk to
 * the emulator over HTTP with the SDK, as they do to SQS in AWS.
 *
 * fauxqs exports only `buildApp`, so its stores and actions are loaded from its files: the version is
 * pinned in package.json, and infra/test/local-pollers.test.ts runs the mappings through this path.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DeleteMessageBatchResult, Message, ReceiveMessageRequest } from '@aws-sdk/client-sqs';
import { makeDurable, type FauxqsStore, type SqsJournal } from './sqs-journal';

/** What a local event-source mapping asks of its queue. */
export interface PollerQueueActions {
  /** Long-polls one batch; answers [] when `signal` aborts first. */
  receive(input: ReceiveMessageRequest, signal?: AbortSignal): Promise<Message[]>;
  /** Deletes up to 10 receipt handles; answers how many failed. */
  deleteBatch(queueUrl: string, receiptHandles: string[]): Promise<number>;
  /** Sets the visibility timeout of up to 10 receipt handles (the fault suite's delivery faults); answers how many failed. */
  changeVisibility?(queueUrl: string, receiptHandles: string[], seconds: number): Promise<number>;
}

/** fauxqs's stores, for `buildApp({ stores })`, and the pollers' actions on its SQS store. */
export interface FauxqsInternals {
  stores: { sqsStore: unknown; snsStore: unknown; s3Store: unknown };
  actions: PollerQueueActions;
  /** With a folder: the journal that keeps the queues there (sqs-journal.ts). */
  journal: SqsJournal | undefined;
}

type Action<In, Out> = (body: In, store: unknown) => Out | Promise<Out>;

/** `dir`: keep the queues there across restarts (sqs-journal.ts); without it, in memory only. */
export async function loadFauxqsInternals(dir?: string): Promise<FauxqsInternals> {
  const dist = fauxqsDist();
  const load = async <T>(file: string) => (await import(pathToFileURL(join(dist, file)).href)) as T;
  const [
    { SqsStore },
    { SnsStore },
    { S3Store },
    { receiveMessage },
    { deleteMessageBatch },
    { changeMessageVisibilityBatch },
  ] = await Promise.all([
    load<{ SqsStore: new () => unknown }>('sqs/sqsStore.js'),
    load<{ SnsStore: new () => unknown }>('sns/snsStore.js'),
    load<{ S3Store: new () => unknown }>('s3/s3Store.js'),
    load<{ receiveMessage: Action<ReceiveMessageRequest, { Messages?: Message[] }> }>('sqs/actions/receiveMessage.js'),
    load<{ deleteMessageBatch: Action<unknown, DeleteMessageBatchResult> }>('sqs/actions/deleteMessageBatch.js'),
    load<{ changeMessageVisibilityBatch: Action<unknown, { Failed?: unknown[] }> }>(
      'sqs/actions/changeMessageVisibilityBatch.js',
    ),
  ]);
  const sqsStore = new SqsStore();
  const journal = dir ? makeDurable(sqsStore as FauxqsStore, dir) : undefined;
  return {
    journal,
    stores: { sqsStore, snsStore: new SnsStore(), s3Store: new S3Store() },
    actions: {
      async receive(input, signal) {
        if (signal?.aborted) return [];
        const received = Promise.resolve(receiveMessage(input, sqsStore)).then((out) => out.Messages ?? []);
        if (!signal) return received;
        received.catch(() => undefined); // a poll abandoned below may still fail: not an unhandled rejection
        // An abandoned long poll goes on inside the emulator: a message it takes stays invisible for the
        // visibility timeout, as with an HTTP poll cut off on the client side (the stack stops the emulator too).
        let onAbort: () => void = () => {};
        const aborted = new Promise<Message[]>((resolve) => {
          onAbort = () => resolve([]);
          signal.addEventListener('abort', onAbort, { once: true });
        });
        try {
          return await Promise.race([received, aborted]);
        } finally {
          signal.removeEventListener('abort', onAbort);
        }
      },
      async deleteBatch(queueUrl, receiptHandles) {
        const entries = receiptHandles.map((ReceiptHandle, n) => ({ Id: String(n), ReceiptHandle }));
        const out = await deleteMessageBatch({ QueueUrl: queueUrl, Entries: entries }, sqsStore);
        return out.Failed?.length ?? 0;
      },
      async changeVisibility(queueUrl, receiptHandles, seconds) {
        const entries = receiptHandles.map((ReceiptHandle, n) => ({
          Id: String(n),
          ReceiptHandle,
          VisibilityTimeout: seconds,
        }));
        const out = await changeMessageVisibilityBatch({ QueueUrl: queueUrl, Entries: entries }, sqsStore);
        return out.Failed?.length ?? 0;
      },
    },
  };
}

/** fauxqs's `dist` folder, found the way Node finds the package (its exports map hides the files). */
function fauxqsDist(): string {
  const require = createRequire(import.meta.url);
  for (const dir of require.resolve.paths('fauxqs') ?? []) {
    const dist = join(dir, 'fauxqs', 'dist');
    if (existsSync(join(dist, 'app.js'))) return dist;
  }
  throw new Error('fauxqs is not installed (npm install)');
}

/** The same actions, telling `onCall` of each (benches count the pollers' SQS requests: AWS bills them). */
export function countedPollerActions(
  actions: PollerQueueActions,
  onCall: (action: 'ReceiveMessage' | 'DeleteMessageBatch') => void,
): PollerQueueActions {
  return {
    receive: (input, signal) => {
      onCall('ReceiveMessage');
      return actions.receive(input, signal);
    },
    deleteBatch: (queueUrl, handles) => {
      onCall('DeleteMessageBatch');
      return actions.deleteBatch(queueUrl, handles);
    },
    changeVisibility: actions.changeVisibility,
  };
}
