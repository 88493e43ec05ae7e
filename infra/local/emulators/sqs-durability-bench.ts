/**
 * What the SQS emulator's journal (sqs-journal.ts) costs on the inbound path: `npx tsx
 * infra/local/emulators/sqs-durability-bench.ts [messages]`. For the in-memory emulator and one with a
 * data folder, a FIFO queue like `inbound` (20 chats) takes `messages` sends at 100 per second over
 * HTTP (the session host's SendMessage) while a local mapping's receive and delete (in process, as the
 * pollers do) take them; prints each message's time from send to its receive, p50 / p99 / max, and
 * the process's CPU time per message (steadier than the latencies on a shared machine).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { localClientConfig } from './local-aws';
import { createQueues, startSqsEmulator } from './sqs-emulator';

const MESSAGES = Number(process.argv[2] ?? 2000);
const RATE_PER_SECOND = 100;
const CHATS = 20;

interface Run {
  latencies: number[];
  cpuMsPerMessage: number;
}

async function run(dataDir: string | undefined): Promise<Run> {
  const emulator = await startSqsEmulator({ dataDir });
  const sqs = new SQSClient(localClientConfig(emulator.endpoint));
  const [queue] = (
    await createQueues(emulator.endpoint, [
      { name: 'inbound', fifo: true, visibilityTimeoutSeconds: 60, maxReceiveCount: 5 },
    ])
  ).values();
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const stop = new AbortController();
  const poller = async () => {
    while (!stop.signal.aborted) {
      const batch = await emulator.pollerActions.receive(
        { QueueUrl: queue!.url, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 },
        stop.signal,
      );
      const now = performance.now();
      for (const m of batch) latencies.push(now - sentAt.get(m.Body!)!);
      if (batch.length)
        await emulator.pollerActions.deleteBatch(
          queue!.url,
          batch.map((m) => m.ReceiptHandle!),
        );
    }
  };
  const pollers = [poller(), poller(), poller()];
  const cpu = process.cpuUsage();
  const started = performance.now();
  const sends: Promise<unknown>[] = [];
  for (let n = 0; n < MESSAGES; n++) {
    const due = started + (n * 1000) / RATE_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const body = `m${n}`;
    sentAt.set(body, performance.now());
    sends.push(
      sqs.send(
        new SendMessageCommand({
          QueueUrl: queue!.url,
          MessageBody: body,
          MessageGroupId: `chat${n % CHATS}`,
          MessageDeduplicationId: body,
        }),
      ),
    );
  }
  await Promise.all(sends);
  while (latencies.length < MESSAGES) await new Promise((r) => setTimeout(r, 20));
  const used = process.cpuUsage(cpu);
  stop.abort();
  await Promise.all(pollers);
  sqs.destroy();
  await emulator.stop();
  return { latencies: latencies.sort((a, b) => a - b), cpuMsPerMessage: (used.user + used.system) / 1000 / MESSAGES };
}

const at = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const line = (name: string, { latencies: sorted, cpuMsPerMessage }: Run) =>
  `${name.padEnd(10)} p50 ${at(sorted, 0.5).toFixed(2)} ms  p99 ${at(sorted, 0.99).toFixed(2)} ms  max ${sorted.at(-1)!.toFixed(2)} ms  CPU ${cpuMsPerMessage.toFixed(3)} ms/message`;

const dir = mkdtempSync(join(tmpdir(), 'atende-sqs-bench-'));
try {
  // Alternated, twice each: a shared machine's load drifts.
  const memory = await run(undefined);
  const durable = await run(dir);
  const durableAgain = await run(join(dir, 'again'));
  const memoryAgain = await run(undefined);
  console.log(`${MESSAGES} messages at ${RATE_PER_SECOND}/s, send → receive:`);
  console.log(line('in memory', memory));
  console.log(line('journal', durable));
  console.log(line('journal', durableAgain));
  console.log(line('in memory', memoryAgain));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
