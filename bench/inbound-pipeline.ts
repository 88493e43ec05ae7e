/**
 * Inbound pipeline throughput and latency on the local platform:
 * simulated customer message → session host → inbound FIFO queue (group = the chat) → inbound
 * worker (stored, deduplicated, ticket found or created, unread counted) → realtime event on the
 * OPERATOR's WebSocket (the seeded operator, whose queue the connection serves). Latency is measured
 * per message from the simulator's send call to the `appMessage` event carrying that body.
 * Scenarios: one customer typing; a burst from `concurrency` customers; a steady 100 messages/s
 * spread over 50 customers whose conversations are open (the goal: p99 ≤ 100 ms); the same rate from
 * 50 NEW customers, so 50 conversations open (contact, ticket, greeting, its echo and acks) in the
 * first half second, reported beside it, by the second each message was sent in; the first burst
 * again, warm, on open tickets.
 * The steady scenario also prints where each message's time goes (bench/support/pipeline-spans.ts).
 * Run: npx tsx bench/inbound-pipeline.ts [messages] [concurrency] [steadySeconds] [steadyRate=100] [--json]
 * BENCH_WARMUP_SECONDS=N first sends the steady load for N seconds, unmeasured, from 50 other
 * customers: the JITs of Node and of DynamoDB Local then measure their steady state instead of their
 * start-up.
 */
import { startLocalStack } from '../infra/local/stack';
import { signIn, until } from './support/console-client';
import { jsonRequest } from './support/keep-alive-json';
import { PIPELINE_PROBE, PipelineSpans } from './support/pipeline-spans';
import { cpuSince, descendantsCpuMs } from './support/process-cpu';
import { printJson } from './support/bench-json';
import { printTable, round, summarize } from './support/stats';

const total = Number(process.argv[2] ?? 200);
const concurrency = Number(process.argv[3] ?? 10);
const steadySeconds = Number(process.argv[4] ?? 10);
const STEADY_RATE = Number(process.argv[5] ?? 100);
const STEADY_CUSTOMERS = 50;
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 0);

const spans = new PipelineSpans();
const stack = await startLocalStack({
  web: 'none',
  sessionHost: true,
  consumerProbe: PIPELINE_PROBE,
  dynamoDbJit: 'steady',
});
try {
  spans.attach(stack.consumerThread!);
  await stack.sessionHost!.waitHealthy();
  const admin = stack.seeded.logins.find((l) => l.role === 'admin')!;
  const operatorLogin = stack.seeded.logins.find((l) => l.role === 'operator')!;
  const client = await signIn(stack.apiUrl, stack.wsUrl, admin.email, admin.password);
  /** A ticket's conversation as the console reads it (GET /messages/{ticketId}): the messages are stored. */
  const storedConversation = async () => {
    for (const status of ['pending', 'open']) {
      const { tickets } = await client.api<{ tickets: { id: string }[] }>('GET', `/tickets?status=${status}&showAll=true`);
      if (tickets[0]) return client.api<{ messages: unknown[] }>('GET', `/messages/${tickets[0].id}`);
    }
    return { messages: [] };
  };
  const operator = await signIn(stack.apiUrl, stack.wsUrl, operatorLogin.email, operatorLogin.password);
  const socket = await operator.socket();
  const operatorQueue = (await operator.api<{ queues: { id: string }[] }>('GET', '/auth/me')).queues[0]!;
  // The simulator stands in for WhatsApp, outside the platform: the bench calls its port directly, so
  // the local gateway (on this process's event loop, with the handlers) does not also proxy the load.
  const simPort = stack.sessionHost!.simulatorPort(0);
  const sim = simPort ? `http://127.0.0.1:${simPort}` : `${stack.url}/simulator-api`;
  const simCall = <T>(method: string, path: string, body?: unknown) =>
    jsonRequest<T>(
      `${sim}${path}`,
      method,
      { authorization: `Bearer ${client.token}` },
      method === 'GET' ? undefined : (body ?? {}),
    );

  // The connection serves the operator's first queue, so every new ticket lands where the operator sees it.
  const connection = await client.api<{ id: string }>('POST', '/whatsapp', {
    name: `Bench ${Date.now()}`,
    queueIds: [operatorQueue.id],
  });
  await until(
    async () => {
      const { connection: c } = await simCall<{ connection: { status: string } }>('GET', `/connections/${connection.id}`);
      return c.status === 'qrcode' ? c : undefined;
    },
    30_000,
    'QR',
  );
  await simCall('POST', `/connections/${connection.id}/scan`, {});
  await until(
    async () => {
      const c = await client.api<{ status: string }>('GET', `/whatsapp/${connection.id}`);
      return c.status === 'CONNECTED' ? c : undefined;
    },
    30_000,
    'CONNECTED',
  );
  const numbers = Array.from(
    { length: Math.max(concurrency, STEADY_CUSTOMERS) + STEADY_CUSTOMERS + (WARMUP_SECONDS > 0 ? STEADY_CUSTOMERS : 0) },
    (_, i) => `55119${String(70000000 + i).padStart(8, '0')}`,
  );
  for (const [i, number] of numbers.entries()) {
    await simCall('POST', `/connections/${connection.id}/contacts`, { name: `Cliente ${i}`, number });
  }

  const sentAt = new Map<string, number>();
  /** Customers who have written in this run, and the bodies that opened their conversation (a new ticket). */
  const spoken = new Set<string>();
  const openers = new Set<string>();
  const sending = (number: string, body: string) => {
    sentAt.set(body, performance.now());
    if (!spoken.has(number)) openers.add(body);
    spoken.add(number);
  };
  let onArrival: ((ms: number, body: string) => void) | undefined;
  socket.onEnvelope((envelope) => {
    if (!envelope.channel.endsWith('-appMessage') || envelope.data.action !== 'create') return;
    const body = (envelope.data.message as { body?: string } | undefined)?.body ?? '';
    const started = sentAt.get(body);
    if (started === undefined) return;
    sentAt.delete(body);
    const stamps = spans.at(body);
    stamps.sent = started;
    stamps.socket = performance.now();
    onArrival?.(performance.now() - started, body);
  });

  /** Sends `count` messages from `senders` customers at once; each customer sends its next as soon as the last is accepted. */
  async function scenario(label: string, count: number, senders: number) {
    const latencies: number[] = [];
    const arrived = new Promise<void>((resolve) => {
      onArrival = (ms) => {
        latencies.push(ms);
        if (latencies.length === count) resolve();
      };
    });
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      numbers.slice(0, senders).map(async (number) => {
        while (next < count) {
          const body = `${label} message ${next++}`;
          sending(number, body);
          await simCall('POST', `/connections/${connection.id}/contacts/${number}/messages`, { text: body });
          if (senders === 1) await new Promise((r) => setTimeout(r, 100)); // one customer typing, not a flood
        }
      }),
    );
    await Promise.race([
      arrived,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`${label}: only ${latencies.length}/${count} events arrived`)), 120_000),
      ),
    ]);
    const seconds = (performance.now() - t0) / 1000;
    return { ...summarize(label, latencies), 'msgs/s': round(count / seconds) };
  }

  /** A steady `rate` messages/s, round-robin over `customers`, each send fired on schedule (not waiting for the previous). */
  async function steady(label: string, rate: number, customers: readonly string[], secondsLong: number) {
    const count = rate * secondsLong;
    const latencies: number[] = [];
    const byKind = { opener: [] as number[], following: [] as number[] };
    const bySecond: number[][] = Array.from({ length: secondsLong }, () => []);
    const arrived = new Promise<void>((resolve) => {
      onArrival = (ms, body) => {
        latencies.push(ms);
        byKind[openers.has(body) ? 'opener' : 'following'].push(ms);
        const n = Number(body.slice(body.lastIndexOf(' ') + 1));
        bySecond[Math.min(secondsLong - 1, Math.floor(n / rate))]?.push(ms);
        if (latencies.length === count) resolve();
      };
    });
    const t0 = performance.now();
    const sends: Promise<unknown>[] = [];
    for (let n = 0; n < count; n++) {
      const due = t0 + (n * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const body = `${label} message ${n}`;
      const number = customers[n % customers.length]!;
      sending(number, body);
      const send = simCall('POST', `/connections/${connection.id}/contacts/${number}/messages`, { text: body });
      send.catch(() => undefined); // handled by the Promise.all below; not an unhandled rejection meanwhile
      sends.push(send);
    }
    await Promise.all(sends);
    await Promise.race([
      arrived,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`${label}: only ${latencies.length}/${count} events arrived`)), 120_000),
      ),
    ]);
    const seconds = (performance.now() - t0) / 1000;
    return {
      all: { ...summarize(label, latencies), 'msgs/s': round(count / seconds) },
      // A conversation's first message also creates its contact and ticket and runs the greeting bots:
      // at 4 % of the messages (40 new customers in 1,000) those alone decide the p99.
      opener: summarize('  first message of a conversation (new ticket)', byKind.opener),
      following: summarize('  message on an open ticket', byKind.following),
      // Latency by the second the message was sent in: a start-up transient (the conversations that
      // open together) shows in the first rows, a steady overload in all of them.
      timeline: bySecond.map((ms, i) => summarize(`  sent in second ${i + 1}`, ms)),
    };
  }

  /**
   * Each of `customers` who has not written yet writes once (20 a second), and the bench waits for
   * those messages on the operator's socket, then for the greetings' acks to settle (the simulator
   * reads a message after 1 s): their conversations are open, as a support desk's are in its day.
   */
  async function openConversations(customers: readonly string[]) {
    const opening = customers.filter((number) => !spoken.has(number));
    let arrivedCount = 0;
    const arrived = new Promise<void>((resolve) => {
      onArrival = () => ++arrivedCount === opening.length && resolve();
    });
    for (const [n, number] of opening.entries()) {
      const body = `opening conversation ${n}`;
      sending(number, body);
      await simCall('POST', `/connections/${connection.id}/contacts/${number}/messages`, { text: body });
      await new Promise((r) => setTimeout(r, 50));
    }
    if (opening.length) await arrived;
    await new Promise((r) => setTimeout(r, 3_000));
  }

  /** The steady run's rows: the first-message row only when some conversations opened in it. */
  const steadyRows = (run: Awaited<ReturnType<typeof steady>>) => [
    run.all,
    ...(run.opener.n ? [run.opener, run.following] : []),
    ...run.timeline,
  ];

  const rows: Record<string, string | number>[] = [
    await scenario('1 customer, one at a time', Math.min(50, total), 1),
    await scenario(`${concurrency} customers at once (burst)`, total, concurrency),
  ];
  const steadyLabel = `${STEADY_RATE} msgs/s over ${STEADY_CUSTOMERS} customers (conversations open)`;
  const steadyCustomers = numbers.slice(0, STEADY_CUSTOMERS);
  const newCustomers = numbers.slice(Math.max(concurrency, STEADY_CUSTOMERS)).slice(0, STEADY_CUSTOMERS);
  if (WARMUP_SECONDS > 0) {
    const warm: Record<string, string | number> = (
      await steady('warm-up', STEADY_RATE, numbers.slice(-STEADY_CUSTOMERS), WARMUP_SECONDS)
    ).all;
    console.log(`warm-up (unmeasured): ${WARMUP_SECONDS} s, p50 ${warm['p50 ms']} / p99 ${warm['p99 ms']} ms`);
  }
  await openConversations(steadyCustomers);
  spans.start();
  const cpuBefore = process.cpuUsage();
  const childrenBefore = descendantsCpuMs();
  const steadyRun = await steady(steadyLabel, STEADY_RATE, steadyCustomers, steadySeconds);
  const steadyRow = steadyRun.all as Record<string, string | number>;
  rows.push(...steadyRows(steadyRun));
  const cpu = process.cpuUsage(cpuBefore);
  const childrenCpu = cpuSince(childrenBefore);
  const { mainLoop, consumerLoop } = await spans.stop();
  // The same rate from customers who have never written: every one of them opens a conversation
  // (contact, ticket, greeting, its echo and three acks) within the first half second.
  const coldLabel = `${STEADY_RATE} msgs/s over ${STEADY_CUSTOMERS} new customers (conversations opening)`;
  await new Promise((r) => setTimeout(r, 3_000));
  const coldRun = await steady(coldLabel, STEADY_RATE, newCustomers, steadySeconds);
  rows.push(...steadyRows(coldRun));
  // The first burst runs cold (before the warm-up) and opens its customers' conversations; this one
  // is the same burst warm, on the tickets those customers now have open.
  rows.push(await scenario(`${concurrency} customers at once (burst, warm, open tickets)`, total, concurrency));
  const stored = await storedConversation();
  console.log(
    '\nInbound pipeline on one connection: simulator send → stored → ticket → operator socket event (local platform, 2 cores)\n',
  );
  printTable(rows);
  console.log(
    `\nsteady ${STEADY_RATE} msgs/s over ${STEADY_CUSTOMERS} customers (conversations open): p99 ${steadyRow['p99 ms']} ms (goal ≤ 100 ms: ${Number(steadyRow['p99 ms']) <= 100 ? 'ok' : 'OVER'})`,
  );
  console.log(
    `the same rate from ${STEADY_CUSTOMERS} new customers (their conversations opening): p99 ${(coldRun.all as Record<string, string | number>)['p99 ms']} ms, ` +
      `${coldRun.opener.n} conversations opened (first message p99 ${coldRun.opener['p99 ms']} ms)`,
  );
  console.log(`\nWhere the steady scenario's time goes (per message; batches are shared by their messages):\n`);
  printTable(spans.stages(steadyLabel));
  const mean = (xs: number[]) => round(xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length), 1);
  console.log(
    `\nbatch sizes: inbound mean ${mean(spans.batches.inbound)}, fan-out mean ${mean(spans.batches.fanout)}; ` +
      `event loops busy during the steady scenario: main ${mainLoop} % (gateway, WebSocket, SQS emulator), ` +
      `consumer thread ${consumerLoop} % (inbound and fan-out handlers)`,
  );
  const steadyCount = STEADY_RATE * steadySeconds;
  const perMessageMs = (ms: number) => round(ms / steadyCount, 2);
  const cpuRows = [
    {
      process: `bench (gateway, WebSocket, SQS emulator, consumer thread; ${round((100 * cpu.system) / (cpu.user + cpu.system))} % in the kernel)`,
      ms: (cpu.user + cpu.system) / 1000,
    },
    ...[...childrenCpu].filter(([, ms]) => ms > 0).map(([name, ms]) => ({ process: `child: ${name}`, ms })),
  ];
  const cpuTotal = cpuRows.reduce((n, r) => n + r.ms, 0);
  console.log('\nCPU per message during the steady scenario (the platform on this machine; children from /proc):\n');
  printTable([
    ...cpuRows.map((r) => ({ process: r.process, 'CPU ms per message': perMessageMs(r.ms) })),
    { process: 'total', 'CPU ms per message': perMessageMs(cpuTotal) },
  ]);
  console.log('\nAWS calls made by the queue consumers during the steady scenario:\n');
  printTable(spans.callRows(steadyCount));
  const perMessage = (service: string) =>
    round(
      [...spans.calls].filter(([name]) => name.startsWith(`${service} `)).reduce((n, [, c]) => n + c.n, 0) / steadyCount,
      2,
    );
  const itemsPerMessage = round([...spans.calls].reduce((n, [, c]) => n + c.items, 0) / steadyCount, 2);
  console.log(
    `calls per message: DynamoDB ${perMessage('DynamoDB')} (items ${itemsPerMessage}), SQS ${perMessage('SQS')}, WebSocket posts ${perMessage('ApiGatewayManagementApi')}`,
  );
  console.log("FIFO group = the chat: one customer's messages stay in order, different customers proceed in parallel.");
  console.log(`\nstored messages readable through GET /messages/{ticketId}: ${stored.messages.length > 0 ? 'yes' : 'NO'}`);
  printJson({
    rate: STEADY_RATE,
    customers: STEADY_CUSTOMERS,
    seconds: steadySeconds,
    rows,
    steady: steadyRow,
    opening: { ...coldRun.all, openerP99: coldRun.opener['p99 ms'], opened: coldRun.opener.n },
    callsPerMessage: {
      dynamoDb: perMessage('DynamoDB'),
      sqs: perMessage('SQS'),
      posts: perMessage('ApiGatewayManagementApi'),
    },
    cpuMsPerMessage: perMessageMs(cpuTotal),
    stored: stored.messages.length > 0,
  });
  socket.close();
} finally {
  await stack.stop();
}
