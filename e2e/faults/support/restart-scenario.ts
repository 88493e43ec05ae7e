/**
 * SIGKILL and restart of the whole platform on the same data (issue 31 item 1, "Process faults"): the
 * platform runs in a child process on a data folder (child-platform.ts); customers write, the operator
 * accepts their tickets, then customers go on writing while the operator replies, and mid-burst the
 * platform's whole process tree is killed — its process (gateway, handlers, consumers, the SQS
 * emulator), the session host with the simulated WhatsApp server and phones, DynamoDB Local — and
 * started again on the same folder and port. Customers and the operator retry as people do (the
 * customer looks at the phone before typing again; the console resends the same draft, with its key).
 * Judged from outside once it has recovered, as runScenario's scenarios are (verdict.ts).
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import type { MessageListAnswer, TicketListAnswer } from '@atende/shared';
import { until } from '../../../bench/support/console-client';
import { queueSpecs } from '../../../functions/src/manifest';
import { childPlatform, type ChildPlatform } from './child-platform';
import { consoleUser, succeeded, type ConsoleUser } from './console-user';
import { customerWrites } from './customer-phone';
import { connectedConnection, simulatorApi, type FaultPlatform } from './fault-platform';
import { contactsOf, phonesOf, ticketsOf, watchAcks, type AckWatch } from './outside-view';
import { deadLetterSamples, queueDepths, total } from './queue-depths';
import type { ScenarioReport } from './scenario';
import { judge, tokenOf, type Observed, type Sent } from './verdict';

export interface RestartSpec {
  name: string;
  customers: number;
  /** The first one opens the ticket before the burst; the others are written during it. */
  messagesPerCustomer: number;
  repliesPerTicket: number;
  /** Pause between one customer's (one ticket's) messages in the burst. */
  paceMs: number;
  /** From the burst's start to the kill. */
  killAfterMs: number;
  recoverWithinMs: number;
}

export interface RestartReport extends ScenarioReport {
  /** Processes the kill ended (the platform's, the session host's, DynamoDB Local's …). */
  killedProcesses: number;
  /** From the kill until the restarted platform answered again (ready, its connection CONNECTED). */
  restartMs: number;
  /** From the kill until the outside view showed every message and reply. */
  recoveredAfterKillMs: number | undefined;
}

/** Late duplicates still get this long to show up once everything is visible. */
const SETTLE_MS = 3000;

type Outside = Pick<FaultPlatform, 'sim' | 'connectionId'>;

export async function runRestartScenario(spec: RestartSpec): Promise<RestartReport> {
  const platform = await childPlatform();
  const acks: AckWatch[] = [];
  let keepLog = true; // unless the verdict is clean
  try {
    const first = await platform.start();
    const login = (role: string) => {
      const seeded = first.logins.find((l) => l.role === role);
      if (!seeded?.password) throw new Error(`no seeded ${role} login`);
      return consoleUser(first.apiUrl, first.wsUrl, seeded.email, seeded.password);
    };
    const [admin, operator] = await Promise.all([login('admin'), login('operator')]);
    const sim = simulatorApi(first.url, admin.token);
    const outside: Outside = { sim, connectionId: await connectedConnection(admin, sim) };
    const numbers = Array.from({ length: spec.customers }, (_, c) => `55118${String(c).padStart(7, '0')}`);
    for (const [c, number] of numbers.entries())
      await sim('POST', `/connections/${outside.connectionId}/contacts`, { name: `Cliente ${spec.name} ${c}`, number });
    acks.push(await watchAcks(operator));

    // Each customer opens a ticket; the operator accepts them all.
    const customerMessages: Sent[] = [];
    const write = async (c: number, n: number) => {
      const token = tokenOf(spec.name, 'in', c, n);
      customerMessages.push({ token, customer: numbers[c]! });
      await customerWrites(outside, numbers[c]!, `Olá ${token}`, spec.recoverWithinMs);
    };
    await Promise.all(numbers.map((_, c) => write(c, 0)));
    const opened = await until(
      async () => {
        const tickets = await ticketsOf(operator, numbers);
        return numbers.every((n) => tickets[n]!.length > 0) ? tickets : undefined;
      },
      spec.recoverWithinMs,
      'every customer in a ticket',
    );
    for (const number of numbers) await accept(operator, opened[number]![0]!.ticketId);

    // The burst, and the kill in its middle.
    const burstStarted = Date.now();
    const replies: Sent[] = [];
    let killedAt = 0;
    let killedProcesses = 0;
    let restartMs = 0;
    const pace = () => new Promise((r) => setTimeout(r, spec.paceMs));
    await Promise.all([
      ...numbers.map(async (_, c) => {
        for (let n = 1; n < spec.messagesPerCustomer; n++) {
          await write(c, n);
          await pace();
        }
      }),
      ...numbers.map(async (number, c) => {
        for (let n = 0; n < spec.repliesPerTicket; n++) {
          const token = tokenOf(spec.name, 'out', c, n);
          replies.push({ token, customer: number });
          await sendUntilTaken(operator, opened[number]![0]!.ticketId, `Resposta ${token}`, spec.recoverWithinMs);
          await pace();
        }
      }),
      (async () => {
        await new Promise((r) => setTimeout(r, spec.killAfterMs));
        const before = await phonesOf(outside, numbers).catch(() => undefined);
        console.log(`${spec.name}: on the phones right before the kill: ${JSON.stringify(before)}`);
        killedAt = Date.now();
        killedProcesses = await platform.killTree();
        appendFileSync(platform.logFile, `\n==== SIGKILL of ${killedProcesses} processes; restarting ====\n`);
        await platform.start();
        await connectedAgain(outside);
        restartMs = Date.now() - killedAt;
        acks.push(await watchAcks(operator));
      })(),
    ]);

    const recoveredAt = await timeUntil(spec.recoverWithinMs, async () => {
      const [tickets, phones] = await Promise.all([ticketsOf(operator, numbers), phonesOf(outside, numbers)]);
      return (
        customerMessages.every((m) => tickets[m.customer]!.some((t) => t.bodies.some((b) => b.includes(m.token)))) &&
        replies.every((r) => phones[r.customer]!.some((b) => b.includes(r.token)))
      );
    });
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const { drainedMs, deadLettered } = await drained(platform, spec.name);
    const observed = {
      tickets: await ticketsOf(operator, numbers),
      phones: await phonesOf(outside, numbers),
      contacts: await contactsOf(operator, numbers),
      acks: mergedAcks(acks),
    };
    const verdict = judge(customerMessages, replies, observed);
    if (verdict.problems.length) {
      console.log(`${spec.name}: the platform's output is in ${platform.logFile}`);
      await printTickets(operator, observed.tickets, spec.name);
    } else keepLog = false;
    const sinceBurst = recoveredAt === undefined ? undefined : recoveredAt - burstStarted;
    return {
      name: spec.name,
      ...verdict,
      // One clock for both: the burst mixes customers' messages and replies.
      inboundRecoveredMs: sinceBurst,
      repliesRecoveredMs: sinceBurst,
      drainedMs,
      deadLettered,
      injected: {
        dynamodb: 0,
        dynamodbAfter: 0,
        dynamodbCalls: 0,
        hostSqs: 0,
        hostSqsAfter: 0,
        hostSqsCalls: 0,
        redelivered: 0,
        kept: 0,
        expired: 0,
        hostKills: 0,
        consumerCrashes: 0,
        cutOff: 0,
        platformKills: 1,
      },
      killedProcesses,
      restartMs,
      recoveredAfterKillMs: recoveredAt === undefined ? undefined : recoveredAt - killedAt,
    };
  } catch (err) {
    console.log(`${spec.name}: the platform's last output:\n${platform.output().slice(-6000)}`);
    throw err;
  } finally {
    for (const watch of acks) watch.close();
    await platform.stop({ keepLog });
  }
}

/** The console resending the same draft (its `clientMessageId`) until the platform takes it. */
async function sendUntilTaken(operator: ConsoleUser, ticketId: string, text: string, limitMs: number): Promise<void> {
  const draft = { body: text, clientMessageId: randomBytes(16).toString('hex') };
  const started = Date.now();
  for (;;) {
    const answer = await operator.call('POST', `/messages/${ticketId}`, draft);
    if (succeeded(answer)) return;
    if (answer.status !== 0 && answer.status < 500 && answer.status !== 429)
      throw new Error(`send answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    if (Date.now() - started > limitMs) throw new Error(`send not taken in ${limitMs} ms (last ${answer.status})`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function accept(operator: ConsoleUser, ticketId: string): Promise<void> {
  const answer = await operator.retried('PUT', `/tickets/${ticketId}`, { status: 'open', userId: operator.userId });
  if (succeeded(answer)) return;
  const open = await operator.retried<TicketListAnswer['tickets'][number]>('GET', `/tickets/${ticketId}`);
  if (open.body?.status !== 'open') throw new Error(`accepting ${ticketId} answered ${answer.status}`);
}

/** The business's connection CONNECTED again after the restart (resumed without a QR). */
async function connectedAgain(outside: Outside): Promise<void> {
  await until(
    async () => {
      const view = await outside
        .sim<{ connection: { status: string } }>('GET', `/connections/${outside.connectionId}`)
        .catch(() => undefined);
      return view?.connection.status === 'CONNECTED' ? true : undefined;
    },
    120_000,
    'the connection CONNECTED after the restart',
  );
}

/** Visibility timeout of each work queue, by name (outbound shards included). */
const VISIBILITY_SECONDS = new Map(queueSpecs(32).map((q) => [q.name, q.visibilityTimeoutSeconds]));

/**
 * How long to wait for the queues to drain: 30 s, or, for a message that was in flight when the
 * platform was killed, its queue's visibility timeout (+15 s): only then does SQS hand it out again
 * (dispatch: 120 s).
 */
const drainLimitMs = (pending: Record<string, number>) =>
  Math.max(30_000, ...Object.keys(pending).map((name) => ((VISIBILITY_SECONDS.get(name) ?? 60) + 15) * 1000));

/** Every work queue of the restarted platform drained (see drainLimitMs), and what is in a dead-letter queue. */
async function drained(
  platform: ChildPlatform,
  scenario: string,
): Promise<{ drainedMs: number | undefined; deadLettered: Record<string, number> }> {
  const started = Date.now();
  const view = { endpoints: platform.info.endpoints, queues: platform.info.queues };
  let drainedMs: number | undefined;
  let pending: Record<string, number> = {};
  while (drainedMs === undefined && Date.now() - started < drainLimitMs(pending)) {
    const depths = await queueDepths(view).catch(() => undefined);
    if (depths) pending = depths.pending;
    if (depths && total(depths.pending) === 0) drainedMs = Date.now() - started;
    else await new Promise((r) => setTimeout(r, 250));
  }
  if (drainedMs === undefined) console.log(`${scenario}: still in the queues after the restart ${JSON.stringify(pending)}`);
  const { deadLettered } = await queueDepths(view);
  for (const line of await deadLetterSamples(view, Object.keys(deadLettered)))
    console.log(`${scenario}: dead-lettered ${line}`);
  return { drainedMs, deadLettered };
}

/** A failure's evidence: each ticket's messages as the GET route shows them (who, ack, end of the body). */
async function printTickets(operator: ConsoleUser, tickets: Observed['tickets'], scenario: string): Promise<void> {
  for (const [number, list] of Object.entries(tickets))
    for (const { ticketId } of list) {
      const page = await operator.retried<MessageListAnswer>('GET', `/messages/${ticketId}`);
      const rows = page.body.messages.map((m) => `${m.fromMe ? 'out' : 'in'} ack ${m.ack} …${m.body.slice(-48)}`);
      console.log(`${scenario}: ${number} ticket ${ticketId}:\n  ${rows.join('\n  ')}`);
    }
}

/** By message: the acks of the socket before the kill, then those of the socket after it. */
function mergedAcks(watches: AckWatch[]): Record<string, number[]> {
  const merged: Record<string, number[]> = {};
  for (const watch of watches) for (const [id, list] of Object.entries(watch.acks)) (merged[id] ??= []).push(...list);
  return merged;
}

/** When (epoch ms) `done` first held, polled; undefined when it did not within `limitMs`. */
async function timeUntil(limitMs: number, done: () => Promise<boolean>): Promise<number | undefined> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await done().catch(() => false)) return Date.now();
    await new Promise((r) => setTimeout(r, 250));
  }
  return undefined;
}
