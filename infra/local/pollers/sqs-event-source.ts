/**
 * A Lambda SQS event-source mapping, locally: long-poll a batch, call the area handler with an
 * `SQSEvent`, delete what succeeded. With `ReportBatchItemFailures` semantics: records listed in
 * `batchItemFailures` stay on the queue; a thrown error (or an invalid failure list) keeps the whole
 * batch. Kept messages come back after the visibility timeout and reach the dead-letter queue after
 * `maxReceiveCount` receives; fauxqs keeps FIFO group order (no second batch of a group in flight).
 * The mapping polls in the emulator's process, as Lambda's pollers are not the function's work; the
 * batches run wherever `invoke` runs them (the consumer thread: consumer-thread.ts).
 */
import type { Message } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { Area } from '@atende/functions/manifest';
import { LOCAL_REGION } from '../emulators/local-aws';
import type { PollerQueueActions } from '../emulators/sqs-in-process';
import { reportInvocationError, type Invoke } from '../lambda-runtime';
import { logLine } from '../log';
import { invokeWithDeliveryFaults, recordsToExpire, type DeliveryFaults } from './delivery-faults';

export interface EventSourceMappingOptions {
  /** The emulator's receive and delete, in process (`SqsEmulator.pollerActions`). */
  sqs: PollerQueueActions;
  queueUrl: string;
  queueArn: string;
  area: Area;
  invoke: Invoke;
  batchSize: number;
  /** Waits up to this long to fill a batch (Lambda's MaximumBatchingWindowInSeconds). */
  maxBatchingWindowSeconds?: number;
  /** Parallel pollers (batches in flight); Lambda starts with five and scales with the message groups. */
  concurrency?: number;
  /** The function's timeout; Lambda requires it not to exceed the queue's visibility timeout. */
  functionTimeoutMs?: number;
  /** Long-poll wait; shorter in tests so stop() is quick even without abort support. */
  waitTimeSeconds?: number;
  /** SQS's delivery faults on purpose (the fault suite; delivery-faults.ts); read on every batch. */
  faults?: DeliveryFaults;
}

export interface EventSourceMapping {
  /**
   * Stops polling and waits for the batches being handled to finish. The long poll in progress is cut
   * off on the client side only: fauxqs may still hand that request one batch, which then stays
   * invisible for the visibility timeout (harmless when the emulator stops too, as in the stack).
   */
  stop(): Promise<void>;
}

export function startEventSourceMapping(options: EventSourceMappingOptions): EventSourceMapping {
  const abort = new AbortController();
  const polling = pollLoop(options, abort.signal);
  return {
    async stop() {
      abort.abort();
      await polling;
    },
  };
}

/**
 * ONE long poll per mapping, handing each batch to a free slot (at most `concurrency` batches in
 * flight), like Lambda's pollers feeding concurrent invocations. Not one long poll per slot: fauxqs
 * wakes every waiting poll when a message arrives and all but one come back empty, so N waiting
 * polls cost N-1 empty receives per message (measured: 10 ReceiveMessage calls per message at 20
 * messages/s with 8 + 6 pollers, most of the consumer thread's CPU).
 */
async function pollLoop(options: EventSourceMappingOptions, signal: AbortSignal): Promise<void> {
  const slots = Math.max(1, options.concurrency ?? 2);
  const inFlight = new Set<Promise<void>>();
  while (!signal.aborted) {
    if (inFlight.size >= slots) {
      await Promise.race(inFlight);
      continue;
    }
    let messages: Message[];
    try {
      messages = await receiveBatch(options, signal);
    } catch (err) {
      if (signal.aborted) break;
      logLine('pollers', `receive from ${options.queueArn} failed: ${(err as Error).message}`);
      await sleep(1000, signal);
      continue;
    }
    if (messages.length === 0) continue;
    const handling: Promise<void> = handleBatch(options, messages)
      .catch((err: unknown) => logLine('pollers', `${options.area} batch failed: ${(err as Error).message}`))
      .finally(() => inFlight.delete(handling));
    inFlight.add(handling);
  }
  await Promise.all(inFlight);
}

async function receiveBatch(options: EventSourceMappingOptions, signal: AbortSignal): Promise<Message[]> {
  const receive = (max: number, waitTimeSeconds: number) =>
    options.sqs.receive(
      {
        QueueUrl: options.queueUrl,
        MaxNumberOfMessages: Math.min(10, max),
        WaitTimeSeconds: waitTimeSeconds,
        MessageSystemAttributeNames: ['All'],
        MessageAttributeNames: ['All'],
      },
      signal,
    );

  const batch = await receive(options.batchSize, options.waitTimeSeconds ?? 20);
  const windowMs = (options.maxBatchingWindowSeconds ?? 0) * 1000;
  const deadline = Date.now() + windowMs;
  while (batch.length > 0 && batch.length < options.batchSize && Date.now() < deadline && !signal.aborted) {
    const more = await receive(options.batchSize - batch.length, 0);
    if (more.length === 0) await sleep(Math.min(100, deadline - Date.now()), signal);
    batch.push(...more);
  }
  return batch;
}

async function handleBatch(options: EventSourceMappingOptions, messages: Message[]): Promise<void> {
  const event: SQSEvent = { Records: messages.map((m) => toRecord(m, options.queueArn)) };
  // The faults as they are now, for the whole batch (a test may calm them meanwhile).
  const faults = options.faults && { ...options.faults };
  if (faults && faults.visibilityTimeoutSeconds === undefined) faults.keepShare = 0;
  // Whatever the batch leaves on the queue comes back soon if the faults were on when it started or
  // still are (a batch received just before them, cut off by a crash under them, included).
  const retryIn = () => options.faults?.visibilityTimeoutSeconds ?? faults?.visibilityTimeoutSeconds;
  if (faults) await expireMidHandling(options, faults, event.Records);
  let result: unknown;
  const timeoutMs = options.functionTimeoutMs ?? 60_000;
  const run = (e: SQSEvent) => options.invoke(options.area, e, { timeoutMs });
  try {
    result = await (faults ? invokeWithDeliveryFaults(faults, options.area, event, run) : run(event));
  } catch (err) {
    reportInvocationError(`${options.area} batch of ${messages.length} from ${options.queueArn}`, err);
    await changeVisibility(options, messages, retryIn());
    return; // the whole batch returns after the visibility timeout
  }
  const failed = failedMessageIds(result, messages);
  if (failed === 'whole-batch') {
    logLine(
      'pollers',
      `${options.area}: invalid batchItemFailures ${JSON.stringify(result)}; the whole batch will be retried`,
    );
    await changeVisibility(options, messages, retryIn());
    return;
  }
  const done = messages.filter((m) => !failed.has(m.MessageId!));
  for (let i = 0; i < done.length; i += 10) {
    const handles = done.slice(i, i + 10).map((m) => m.ReceiptHandle!);
    const failedDeletes = await options.sqs.deleteBatch(options.queueUrl, handles);
    if (failedDeletes) logLine('pollers', `delete failed for ${failedDeletes} message(s) of ${options.queueArn}`);
  }
  await changeVisibility(
    options,
    messages.filter((m) => failed.has(m.MessageId!)),
    retryIn(),
  );
}

/** The `expireShare` fault: the picked records become visible again while this batch handles them. */
async function expireMidHandling(options: EventSourceMappingOptions, faults: DeliveryFaults, records: SQSRecord[]) {
  const picked = new Set(recordsToExpire(faults, records).map((r) => r.messageId));
  if (picked.size === 0 || !options.sqs.changeVisibility) return;
  faults.onFault?.('expired', options.area, picked.size);
  await changeVisibility(
    options,
    records.filter((r) => picked.has(r.messageId)).map((r) => ({ ReceiptHandle: r.receiptHandle })),
    0,
  );
}

/** Sets the records' visibility timeout (fault suite only); a handle gone stale meanwhile is ignored. */
async function changeVisibility(
  options: EventSourceMappingOptions,
  messages: Pick<Message, 'ReceiptHandle'>[],
  seconds: number | undefined,
): Promise<void> {
  const change = options.sqs.changeVisibility;
  if (!change || seconds === undefined) return;
  for (let i = 0; i < messages.length; i += 10) {
    const handles = messages.slice(i, i + 10).map((m) => m.ReceiptHandle!);
    await change(options.queueUrl, handles, seconds).catch(() => 0);
  }
}

/** Lambda treats an identifier that is empty or not in the batch as a failure of the whole batch. */
function failedMessageIds(result: unknown, messages: Message[]): Set<string> | 'whole-batch' {
  const failures = (result as Partial<SQSBatchResponse> | undefined)?.batchItemFailures;
  if (!failures) return new Set();
  if (!Array.isArray(failures)) return 'whole-batch';
  const ids = new Set(messages.map((m) => m.MessageId));
  const failed = new Set<string>();
  for (const failure of failures) {
    const id = failure?.itemIdentifier;
    if (typeof id !== 'string' || !ids.has(id)) return 'whole-batch';
    failed.add(id);
  }
  return failed;
}

export function toRecord(message: Message, queueArn: string): SQSRecord {
  const attributes = (message.Attributes ?? {}) as Record<string, string>;
  const messageAttributes: SQSRecord['messageAttributes'] = {};
  for (const [name, value] of Object.entries(message.MessageAttributes ?? {})) {
    messageAttributes[name] = {
      dataType: value.DataType ?? 'String',
      stringValue: value.StringValue,
      binaryValue: value.BinaryValue ? base64(value.BinaryValue) : undefined,
      stringListValues: value.StringListValues ?? [],
      binaryListValues: (value.BinaryListValues ?? []).map(base64),
    };
  }
  return {
    messageId: message.MessageId!,
    receiptHandle: message.ReceiptHandle!,
    body: message.Body ?? '',
    attributes: attributes as unknown as SQSRecord['attributes'],
    messageAttributes,
    md5OfBody: message.MD5OfBody ?? '',
    ...(message.MD5OfMessageAttributes ? { md5OfMessageAttributes: message.MD5OfMessageAttributes } : {}),
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: LOCAL_REGION,
  };
}

/** fauxqs keeps binary values as the JSON protocol carries them (base64); the SDK's shape has bytes. */
const base64 = (value: Uint8Array | string) => (typeof value === 'string' ? value : Buffer.from(value).toString('base64'));

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
