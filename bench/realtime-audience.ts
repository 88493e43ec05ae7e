/**
 * Realtime by audience, on the local platform (no session host: inbound channel events are put on
 * the inbound queue the way the session host puts them):
 *  1. PostToConnection calls per inbound customer message with 12 open consoles of one company
 *     (2 admin tabs, 10 operator consoles), by channel;
 *  2. API latency (PUT /users/{id}, which publishes a `user` event) with 0 and with 100 open sockets;
 *  3. the fan-out's DynamoDB reads with 100 operator sockets (100 operators) at `rate` inbound
 *     messages/s from 20 customers for `seconds`: requests per fan-out batch, and read capacity units
 *     per second of the busiest partition key at AWS's rates (support/dynamo-read-meter.ts; issue 28 §2:
 *     ≤ 1 read per batch on average, no key above 300 RCU/s).
 * The handlers run in this process, so one patched `Client.send` counts every post and every read.
 *
 *   npx tsx bench/realtime-audience.ts [messages] [requests] [seconds=10] [rate=100] [--json] [--reads-only]
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { Client } from '@smithy/core/client';
import { unpackRealtimeFrame } from '@atende/shared';
import { ulid } from '@atende/shared/ids';
import { existsSync } from 'node:fs';
import type { SQSEvent } from 'aws-lambda';
import { startLocalStack } from '../infra/local/stack';
import { signIn, until, type ConsoleClient, type RealtimeSocket } from './support/console-client';
import { ReadMeter } from './support/dynamo-read-meter';
import { printJson } from './support/bench-json';
import { printTable, round, summarize } from './support/stats';

const messages = Number(process.argv[2] ?? 20);
const requests = Number(process.argv[3] ?? 200);
const rateSeconds = Number(process.argv[4] ?? 10);
const rate = Number(process.argv[5] ?? 100);
const readsOnly = process.argv.includes('--reads-only');
const CONSOLES = 12;
const IDLE_SOCKETS = 100;
const OPERATOR_SOCKETS = 100;
const RATE_CUSTOMERS = 20;
const meter = new ReadMeter();

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
    // A packed frame counts once as a post and once per envelope under its channel.
    for (const envelope of unpackRealtimeFrame(JSON.parse(new TextDecoder().decode(command.input.Data)))) {
      const channel = envelope.channel.replace(/^company-[^-]+-/, '');
      postsByChannel.set(channel, (postsByChannel.get(channel) ?? 0) + 1);
    }
  }
  const metered = meter.inScope();
  const output = await originalSend.call(this, command, ...rest);
  if (metered) meter.observe(command, output);
  return output;
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
  ? meter.run(((await import(fanoutEntry.href)) as { handler: (e: SQSEvent) => Promise<unknown> }).handler)
  : undefined;
let fannedOutEvents = 0;
let held: SQSEvent[] | undefined;
const handlers = realFanout
  ? {
      fanout: async (event: SQSEvent) => {
        if (held) return (held.push(event), { batchItemFailures: [] });
        fannedOutEvents += event.Records.length;
        return realFanout(event);
      },
    }
  : {};
const stack = await startLocalStack({
  web: 'none',
  sessionHost: false,
  scheduler: false,
  consumerThread: false, // every consumer's calls counted by this process's patched `Client.send`
  handlers: handlers as never,
});
const opened: RealtimeSocket[] = [];
const json: Record<string, unknown> = {};
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

  const connection = await admin.api<{ id: string }>('POST', '/whatsapp', { name: `Bench ${Date.now()}` });
  const sqs = new SQSClient({
    region: 'us-east-1',
    endpoint: stack.endpoints.sqs,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const sendInbound = (body: string, customer = 0) => {
    const eventId = ulid();
    return sqs.send(
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
            contact: {
              jid: `55119555${String(customer).padStart(5, '0')}@s.whatsapp.net`,
              pushName: `Cliente Bench ${customer}`,
            },
          },
        }),
      }),
    );
  };
  if (!readsOnly) {
    // 1. Inbound customer messages.
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
      await sendInbound(body);
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
    Object.assign(json, { perMessage, latency: rows });
  }

  // 3. The fan-out's reads with 100 operator sockets (100 operators) at `rate` messages/s.
  if (realFanout) {
    for (const s of opened.splice(0)) s.close();
    await settle();
    const platform = await signIn(stack.apiUrl, stack.wsUrl, login('super').email, login('super').password);
    const { planId } = await admin.api<{ planId: string }>('GET', `/companies/${admin.companyId}`);
    const plan = await platform.api<Record<string, unknown>>('GET', `/plans/${planId}`);
    const planFields = [
      'name',
      'connections',
      'queues',
      'value',
      'valueYearly',
      'useIntegration',
      'isActive',
      'isPublished',
    ];
    await platform.api('PUT', `/plans/${planId}`, {
      ...Object.fromEntries(planFields.map((f) => [f, plan[f]])),
      users: OPERATOR_SOCKETS + 20,
    });
    for (let i = 0; i < OPERATOR_SOCKETS; i++) {
      const email = `bench-reader-${Date.now()}-${i}@bench.local`;
      await admin.api('POST', '/users', {
        name: `Leitor ${i}`,
        email,
        password: 'bench-pass-123',
        profile: 'user',
        queueIds: [],
      });
      opened.push(await (await signIn(stack.apiUrl, stack.wsUrl, email, 'bench-pass-123')).socket());
    }
    await sendInbound('warm-up'); // the first batch after the sockets opened reads them (and backfills nothing: fresh data)
    await settle();
    meter.reset();
    fannedOutEvents = 0;
    const started = performance.now();
    const total = Math.round(rate * rateSeconds);
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      void sendInbound(`bench rate ${i} ${ulid()}`, i % RATE_CUSTOMERS);
    }
    const sentMs = performance.now() - started;
    await settle();
    const windowSeconds = Math.max(rateSeconds, (performance.now() - started - 1000) / 1000);
    const keys = [...meter.rcuByKey].sort((x, y) => y[1] - x[1]);
    // Per second at the nominal rate: this machine may drain the load slower than it was sent.
    const perSecondAtRate = (units: number) => round((units / total) * rate, 1);
    const readRows = [
      { figure: 'realtime events', value: fannedOutEvents },
      { figure: 'fan-out batches', value: meter.runs },
      { figure: 'read requests', value: meter.requests },
      ...[...meter.byCommand].map(([name, n]) => ({ figure: `  ${name}`, value: n })),
      { figure: 'reads per batch', value: round(meter.requests / Math.max(1, meter.runs), 2) },
      {
        figure: 'RCU per batch (AWS rates)',
        value: round(keys.reduce((n, [, u]) => n + u, 0) / Math.max(1, meter.runs), 2),
      },
      ...keys.slice(0, 4).map(([pk, u]) => ({
        figure: `RCU/s on ${pk.replace(admin.companyId, '<cid>')}, at ${rate} messages/s (measured over the drain)`,
        value: `${perSecondAtRate(u)} (${round(u / windowSeconds, 1)})`,
      })),
    ];
    console.log(
      `\nFan-out reads, ${OPERATOR_SOCKETS} operator sockets, ${total} messages from ${RATE_CUSTOMERS} customers at ${rate}/s (sent in ${round(sentMs)} ms, fan-out done within ${round(windowSeconds, 1)} s):`,
    );
    printTable(readRows);
    json.reads = readRows;
  }
  printJson(json);
} finally {
  for (const s of opened) s.close();
  await stack.stop();
}

/** Waits until no post and no fan-out batch happened for a second (the fan-out of earlier events has finished). */
async function settle(): Promise<void> {
  let last = -1;
  while (last !== posts + meter.runs) {
    last = posts + meter.runs;
    await new Promise((r) => setTimeout(r, 1000));
  }
}
