/**
 * Realtime by audience, on the local platform (no session host: inbound channel events are put on
 * the inbound queue the way the session host puts them):
 *  1. PostToConnection calls per inbound customer message with 12 open consoles of one company
 *     (2 admin tabs, 10 operator consoles), by channel;
 *  2. API latency (PUT /users/{id}, which publishes a `user` event) with 0 and with 100 open sockets.
 * The handlers run in this process, so one patched `Client.send` counts every post.
 *
 *   npx tsx bench/realtime-audience.ts [messages] [requests] [--json]
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { Client } from '@smithy/core/client';
import { ulid } from '@atende/shared/ids';
import { existsSync } from 'node:fs';
import type { SQSEvent } from 'aws-lambda';
import { startLocalStack } from '../infra/local/stack';
import { signIn, until, type ConsoleClient, type RealtimeSocket } from './support/console-client';
import { printTable, round, summarize } from './support/stats';

const messages = Number(process.argv[2] ?? 20);
const requests = Number(process.argv[3] ?? 200);
const CONSOLES = 12;
const IDLE_SOCKETS = 100;

const postsByChannel = new Map<string, number>();
let posts = 0;
const originalSend = Client.prototype.send as (
  this: Client<any, any, any, any>,
  command: any,
  ...rest: any[]
) => Promise<any>;
Client.prototype.send = async function patchedSend(this: Client<any, any, any, any>, command: any, ...rest: any[]) {
  if (command.constructor.name === 'PostToConnectionCommand') {
    posts += 1;
    const channel = String(JSON.parse(new TextDecoder().decode(command.input.Data)).channel).replace(/^company-[^-]+-/, '');
    postsByChannel.set(channel, (postsByChannel.get(channel) ?? 0) + 1);
  }
  return originalSend.call(this, command, ...rest);
} as typeof Client.prototype.send;

process.env.LOCAL_QUIET ??= 'true';
process.env.LOG_LEVEL ??= 'SILENT';
/**
 * The fan-out area runs in this process locally (in AWS: its own Lambda). While `held`, its batches
 * are set aside and replayed afterwards, so the request path can also be timed without the fan-out
 * competing for the same two cores. Absent on a tree without the fan-out (main before issue 7).
 */
const fanoutEntry = new URL('../functions/src/handlers/fanout/index.ts', import.meta.url);
const realFanout = existsSync(fanoutEntry)
  ? ((await import(fanoutEntry.href)) as { handler: (e: SQSEvent) => Promise<unknown> }).handler
  : undefined;
let held: SQSEvent[] | undefined;
const handlers = realFanout
  ? { fanout: async (event: SQSEvent) => (held ? (held.push(event), { batchItemFailures: [] }) : realFanout(event)) }
  : {};
const stack = await startLocalStack({
  web: 'none',
  sessionHost: false,
  scheduler: false,
  consumerThread: false, // every consumer's calls counted by this process's patched `Client.send`
  handlers: handlers as never,
});
const opened: RealtimeSocket[] = [];
try {
  const login = (role: string) => stack.seeded.logins.find((l) => l.role === role)!;
  const admin = await signIn(stack.apiUrl, stack.wsUrl, login('admin').email, login('admin').password);
  const operator = await signIn(stack.apiUrl, stack.wsUrl, login('operator').email, login('operator').password);

  // The plan allows 10 users: admin, operator and 8 more operators; 12 consoles = 2 admin tabs + 10 operator consoles.
  const operators: ConsoleClient[] = [operator];
  for (let i = 0; i < 8; i++) {
    const email = `bench-op-${Date.now()}-${i}@bench.local`;
    await admin.api('POST', '/users', {
      name: `Operador ${i}`,
      email,
      password: 'bench-pass-123',
      profile: 'user',
      queueIds: [],
    });
    operators.push(await signIn(stack.apiUrl, stack.wsUrl, email, 'bench-pass-123'));
  }
  const consoles = [admin, admin, ...operators, operators[0]!];
  const adminSocket = await admin.socket();
  opened.push(adminSocket);
  for (const c of consoles.slice(1)) opened.push(await c.socket());
  if (opened.length !== CONSOLES) throw new Error(`expected ${CONSOLES} consoles, opened ${opened.length}`);

  // 1. Inbound customer messages.
  const connection = await admin.api<{ id: string }>('POST', '/whatsapp', { name: `Bench ${Date.now()}` });
  const sqs = new SQSClient({
    region: 'us-east-1',
    endpoint: stack.endpoints.sqs,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const arrived = new Set<string>();
  adminSocket.onEnvelope((e) => {
    const body = (e.data as { message?: { body?: string } }).message?.body;
    if (e.channel.endsWith('-appMessage') && body) arrived.add(body);
  });
  await until(async () => (posts > 0 ? true : undefined), 10_000, 'the connection events').catch(() => undefined);
  await settle();
  posts = 0;
  postsByChannel.clear();
  for (let i = 0; i < messages; i++) {
    const body = `bench message ${i} ${ulid()}`;
    const eventId = ulid();
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: stack.queues.get('inbound')!.url,
        MessageGroupId: connection.id,
        MessageDeduplicationId: eventId,
        MessageBody: JSON.stringify({
          type: 'message.received',
          eventId,
          companyId: admin.companyId,
          connectionId: connection.id,
          occurredAt: new Date().toISOString(),
          message: {
            externalId: ulid(),
            fromMe: false,
            isGroup: false,
            body,
            timestamp: new Date().toISOString(),
            contact: { jid: '5511955550000@s.whatsapp.net', pushName: 'Cliente Bench' },
          },
        }),
      }),
    );
    await until(async () => (arrived.has(body) ? true : undefined), 30_000, `message ${i}`);
  }
  await settle();
  const perMessage = [...postsByChannel].map(([channel, n]) => ({ channel, 'posts per message': round(n / messages, 2) }));
  perMessage.push({ channel: 'total', 'posts per message': round(posts / messages, 2) });
  console.log(
    `\nPostToConnection calls per inbound message, ${CONSOLES} open consoles of one company (${messages} messages):`,
  );
  printTable(perMessage);

  // 2. API latency with 0 and with 100 open sockets.
  for (const s of opened.splice(0)) s.close();
  await settle();
  const target = operators[1]!;
  const me = await target.api<{ id: string }>('GET', '/auth/me');
  const timeUpdates = async (label: string) => {
    const samples: number[] = [];
    for (let i = 0; i < requests; i++) {
      const t = performance.now();
      await admin.api('PUT', `/users/${me.id}`, { name: `Operador ${rows.length}-${i}` });
      samples.push(performance.now() - t);
    }
    await settle();
    return summarize(`PUT /users/{id}, ${label}`, samples);
  };
  const rows: Record<string, string | number>[] = [];
  rows.push(await timeUpdates('0 sockets'));
  for (let i = 0; i < IDLE_SOCKETS; i++) opened.push(await admin.socket());
  rows.push(await timeUpdates(`${IDLE_SOCKETS} sockets`));
  if (realFanout) {
    held = [];
    const row = await timeUpdates(`${IDLE_SOCKETS} sockets, fan-out not sharing the CPU`);
    const batches = held;
    held = undefined;
    const before = posts;
    const t = performance.now();
    for (const batch of batches) await realFanout(batch);
    const ms = performance.now() - t;
    rows.push(row);
    console.log(
      `\nFan-out of the held events afterwards: ${batches.reduce((n, b) => n + b.Records.length, 0)} events, ${posts - before} posts in ${round(ms)} ms`,
    );
  }
  console.log(
    `\nAPI latency with 0 and ${IDLE_SOCKETS} open sockets of the company (${requests} sequential requests each):`,
  );
  printTable(rows);
  if (process.argv.includes('--json')) console.log(JSON.stringify({ perMessage, latency: rows }));
} finally {
  for (const s of opened) s.close();
  await stack.stop();
}

/** Waits until no post happened for a second (the fan-out of earlier events has finished). */
async function settle(): Promise<void> {
  let last = -1;
  while (last !== posts) {
    last = posts;
    await new Promise((r) => setTimeout(r, 1000));
  }
}
