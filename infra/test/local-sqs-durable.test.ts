/**
 * The SQS emulator with a data folder keeps its queues across a restart, a SIGKILL included
 * (emulators/sqs-journal.ts). A kill is played by opening a second emulator on the folder while the
 * first is still running, never stopped: the journal is written synchronously before each action
 * answers, so the folder then holds what a SIGKILL would leave (e2e/faults/platform-restart.test.ts
 * kills a whole platform for real).
 */
import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
  type Message,
} from '@aws-sdk/client-sqs';
import type { QueueSpec } from '@atende/functions/manifest';
import { localClientConfig } from '../local/emulators/local-aws';
import { createQueues, startSqsEmulator, type LocalQueue, type SqsEmulator } from '../local/emulators/sqs-emulator';
import { loadFauxqsInternals } from '../local/emulators/sqs-in-process';
import { makeDurable, type FauxqsMessage, type FauxqsQueue, type FauxqsStore } from '../local/emulators/sqs-journal';

const SPECS: QueueSpec[] = [
  { name: 'work', fifo: false, visibilityTimeoutSeconds: 30, maxReceiveCount: 5 },
  { name: 'chats', fifo: true, visibilityTimeoutSeconds: 30, maxReceiveCount: 5 },
  { name: 'fragile', fifo: false, visibilityTimeoutSeconds: 30, maxReceiveCount: 1 },
];

interface Running {
  emulator: SqsEmulator;
  sqs: SQSClient;
  queues: Map<string, LocalQueue>;
}

const started: Running[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const r of started.splice(0)) {
    r.sqs.destroy();
    await r.emulator.stop();
  }
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(dataDir?: string): Promise<Running> {
  const emulator = await startSqsEmulator({ dataDir });
  const running = {
    emulator,
    sqs: new SQSClient(localClientConfig(emulator.endpoint)),
    queues: await createQueues(emulator.endpoint, SPECS),
  };
  started.push(running);
  return running;
}

const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'atende-sqs-'));
  folders.push(dir);
  return dir;
};

async function receive(r: Running, url: string, visibility?: number): Promise<Message[]> {
  const out = await r.sqs.send(
    new ReceiveMessageCommand({
      QueueUrl: url,
      MaxNumberOfMessages: 10,
      WaitTimeSeconds: 0,
      VisibilityTimeout: visibility,
      MessageSystemAttributeNames: ['ApproximateReceiveCount'],
    }),
  );
  return out.Messages ?? [];
}

const bodies = (messages: Message[]) => messages.map((m) => m.Body).sort();
const receives = (m: Message | undefined) => Number(m?.Attributes?.ApproximateReceiveCount);

describe('local SQS emulator with a data folder', () => {
  it('resumes waiting messages, keeps in-flight ones invisible until their deadline, forgets deleted ones', async () => {
    const dir = folder();
    const first = await start(dir);
    const work = first.queues.get('work')!.url;
    for (const body of ['a', 'b', 'c', 'd'])
      await first.sqs.send(new SendMessageCommand({ QueueUrl: work, MessageBody: body }));
    const taken = await receive(first, work, 2);
    const [done, pending] = [taken.find((m) => m.Body === 'a'), taken.filter((m) => m.Body !== 'a')];
    await first.sqs.send(new DeleteMessageCommand({ QueueUrl: work, ReceiptHandle: done!.ReceiptHandle }));
    expect(bodies(pending)).toEqual(['b', 'c', 'd']); // one receive takes up to 10: all four

    // Killed here (never stopped), a half-written line at the journal's end; restarted twice.
    const journal = readdirSync(dir).find((f) => f.startsWith('journal-'))!;
    appendFileSync(join(dir, journal), '{"o":"put","q":"work","m":{"messageId":"cut');
    await start(dir);
    const restarted = await start(dir);
    const url = restarted.queues.get('work')!.url;
    expect(await receive(restarted, url), 'still in flight').toEqual([]);
    await new Promise((r) => setTimeout(r, 2100));
    const back = await receive(restarted, url);
    expect(bodies(back)).toEqual(['b', 'c', 'd']);
    expect(back.map(receives)).toEqual([2, 2, 2]);
    // The old receipt handles came back too: a consumer that outlived the emulator can still delete.
    for (const m of back)
      await restarted.sqs.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: m.ReceiptHandle }));
    const again = await start(dir);
    await new Promise((r) => setTimeout(r, 50));
    expect(await receive(again, again.queues.get('work')!.url, 0)).toEqual([]);
  });

  it('keeps FIFO order per group, the group locked while its message is in flight, and the dedup window', async () => {
    const dir = folder();
    const first = await start(dir);
    const chats = first.queues.get('chats')!.url;
    const send = (r: Running, url: string, body: string, group = 'g1') =>
      r.sqs.send(
        new SendMessageCommand({ QueueUrl: url, MessageBody: body, MessageGroupId: group, MessageDeduplicationId: body }),
      );
    const sent = [];
    for (const body of ['m1', 'm2', 'm3']) sent.push(await send(first, chats, body));
    expect(bodies(await receive(first, chats, 2))).toEqual(['m1']);

    const restarted = await start(dir);
    const url = restarted.queues.get('chats')!.url;
    const duplicate = await send(restarted, url, 'm2');
    expect(duplicate.MessageId, 'a resend within 5 minutes is the same message').toBe(sent[1]!.MessageId);
    const next = await send(restarted, url, 'm4');
    expect(BigInt(next.SequenceNumber!)).toBeGreaterThan(BigInt(sent[2]!.SequenceNumber!));
    expect(await receive(restarted, url), 'the group waits for m1').toEqual([]);
    await new Promise((r) => setTimeout(r, 2100));
    const order: string[] = [];
    for (let i = 0; i < 10 && order.length < 4; i++) {
      for (const m of await receive(restarted, url)) {
        order.push(m.Body!);
        await restarted.sqs.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: m.ReceiptHandle }));
      }
    }
    expect(order).toEqual(['m1', 'm2', 'm3', 'm4']);
  });

  it('keeps what was moved to a dead-letter queue there', async () => {
    const dir = folder();
    const first = await start(dir);
    const fragile = first.queues.get('fragile')!;
    await first.sqs.send(new SendMessageCommand({ QueueUrl: fragile.url, MessageBody: 'poison' }));
    expect(bodies(await receive(first, fragile.url, 0))).toEqual(['poison']);
    expect(await receive(first, fragile.url, 0), 'its second receive moved it').toEqual([]);

    const restarted = await start(dir);
    const queue = restarted.queues.get('fragile')!;
    expect(await receive(restarted, queue.url)).toEqual([]);
    const dead = await receive(restarted, queue.deadLetterUrl);
    expect(bodies(dead)).toEqual(['poison']);
    expect(receives(dead[0])).toBe(3);
  });

  it('keeps nothing without a data folder', async () => {
    const first = await start();
    await first.sqs.send(new SendMessageCommand({ QueueUrl: first.queues.get('work')!.url, MessageBody: 'x' }));
    const second = await start();
    expect(await receive(second, second.queues.get('work')!.url)).toEqual([]);
  });
});

describe('the journal folded into snapshots', () => {
  it('keeps exactly the live messages across many compactions and a replay', async () => {
    const dir = folder();
    const open = async () => {
      const { stores } = await loadFauxqsInternals();
      const store = stores.sqsStore as FauxqsStore & { constructor: { createMessage(body: string): FauxqsMessage } };
      const journal = makeDurable(store, dir, 2_000); // a snapshot every few entries
      const queue = store.createQueue('work', 'http://x/work', 'arn:aws:sqs:local:0:work', {});
      return { journal, queue, message: (body: string) => store.constructor.createMessage(body) };
    };
    const first = await open();
    for (let n = 0; n < 60; n++) first.queue.enqueue(first.message(`m${n}`));
    for (let round = 0; round < 5; round++) {
      const taken = first.queue.dequeue(10, 30);
      for (const m of taken.filter((_, i) => i % 2 === 0)) first.queue.deleteMessage(m.ReceiptHandle);
    }
    expect(readdirSync(dir).filter((f) => f.startsWith('journal-'))).toHaveLength(1);
    const live = (q: FauxqsQueue) => [...q.messages, ...[...q.inflightMessages.values()].map((e) => e.message)];
    const expected = live(first.queue)
      .map((m) => m.messageId)
      .sort();
    expect(expected).toHaveLength(35);

    const second = await open(); // the first never closed: as after a kill
    expect(
      live(second.queue)
        .map((m) => m.messageId)
        .sort(),
    ).toEqual(expected);
    expect(second.queue.inflightMessages.size).toBe(first.queue.inflightMessages.size);
    first.journal.close();
    second.journal.close();
  });
});
