/**
 * One fault scenario, end to end: fresh customers write to the business, the operator accepts each
 * ticket and replies, all under the scenario's faults; then the outside view is judged (verdict.ts).
 * Times to recover: from the first customer message (then the first reply) until the GET routes (the
 * phones) show every message at least once; then until every work queue is drained.
 */
import type { TicketListAnswer } from '@atende/shared';
import type { SendPlan } from './console-user';
import type { FaultPlatform } from './fault-platform';
import { contactsOf, phonesOf, ticketsOf, watchAcks } from './outside-view';
import { deadLetterSamples, queueDepths, total } from './queue-depths';
import { judge, tokenOf, type Observed, type Sent, type Verdict } from './verdict';

export interface ScenarioSpec {
  name: string;
  /** Turns the scenario's faults on; the platform is calm before and after. */
  faults(platform: FaultPlatform): void;
  customers: number;
  messagesPerCustomer: number;
  repliesPerTicket: number;
  send: SendPlan;
  /** How long the outside view may take to show everything (default 60 s). */
  recoverWithinMs?: number;
  /**
   * Why records may reach a dead-letter queue under these faults (then the report counts them and
   * only the outside view judges); without it, anything dead-lettered fails the scenario.
   */
  mayDeadLetter?: string;
}

export interface ScenarioReport extends Verdict {
  name: string;
  /** From the first customer message until the GET routes showed them all (undefined: never). */
  inboundRecoveredMs: number | undefined;
  /** From the first reply until the phones showed them all (undefined: never). */
  repliesRecoveredMs: number | undefined;
  /** From the faults' end until every work queue was empty (undefined: not within the limit). */
  drainedMs: number | undefined;
  /** Messages that reached a dead-letter queue during the scenario, by queue. */
  deadLettered: Record<string, number>;
  /** Faults injected: DynamoDB calls failed (of them, after the write), SQS records redelivered or kept. */
  injected: { dynamodb: number; dynamodbAfter: number; dynamodbCalls: number; redelivered: number; kept: number };
}

/** How long after the outside view is complete a late duplicate still gets to show up. */
const SETTLE_MS = 3000;

let nextScenario = 0;

export async function runScenario(platform: FaultPlatform, spec: ScenarioSpec): Promise<ScenarioReport> {
  const index = ++nextScenario;
  const numbers = Array.from(
    { length: spec.customers },
    (_, c) => `55119${String(index).padStart(3, '0')}${String(c).padStart(4, '0')}`,
  );
  platform.calm();
  for (const [c, number] of numbers.entries())
    await platform.sim('POST', `/connections/${platform.connectionId}/contacts`, {
      name: `Cliente ${spec.name} ${c}`,
      number,
    });
  const acks = await watchAcks(platform.operator);
  const deadBefore = (await queueDepths(platform.stack)).deadLettered;
  platform.dynamodb.resetStats();
  const deliveredBefore = { ...platform.deliveryFaultCounts };
  spec.faults(platform);
  const within = spec.recoverWithinMs ?? 60_000;
  let lastMissing: string[] = [];
  try {
    // Customers write, side by side, each in order.
    const inboundStarted = Date.now();
    const customerMessages: Sent[] = [];
    await Promise.all(
      numbers.map(async (number, c) => {
        for (let n = 0; n < spec.messagesPerCustomer; n++) {
          const token = tokenOf(spec.name, 'in', c, n);
          customerMessages.push({ token, customer: number });
          await platform.sim('POST', `/connections/${platform.connectionId}/contacts/${number}/messages`, {
            text: `Olá ${token}`,
          });
        }
      }),
    );
    const inboundRecoveredMs = await timeUntil(inboundStarted, within, async () => {
      const tickets = await ticketsOf(platform.operator, numbers);
      const missing = customerMessages.filter(
        (m) => !tickets[m.customer]!.some((t) => t.bodies.some((b) => b.includes(m.token))),
      );
      lastMissing = missing.map((m) => m.token);
      return missing.length === 0;
    });
    if (inboundRecoveredMs === undefined)
      console.log(`${spec.name}: still missing in the GET routes: ${lastMissing.join(' ')}`);

    // The operator accepts each customer's ticket and replies.
    const repliesStarted = Date.now();
    const replies: Sent[] = [];
    const tickets = await ticketsOf(platform.operator, numbers);
    await Promise.all(
      numbers.map(async (number, c) => {
        const ticket = tickets[number]![0];
        if (!ticket) return; // its messages were lost: the verdict says so
        await accept(platform, ticket.ticketId);
        for (let n = 0; n < spec.repliesPerTicket; n++) {
          const token = tokenOf(spec.name, 'out', c, n);
          replies.push({ token, customer: number });
          await platform.operator.sendReply(ticket.ticketId, `Resposta ${token}`, spec.send, platform.faultyApiUrl);
        }
      }),
    );
    const repliesRecoveredMs = await timeUntil(repliesStarted, within, async () => {
      const phones = await phonesOf(platform, numbers);
      return replies.every((r) => phones[r.customer]!.some((b) => b.includes(r.token)));
    });
    await new Promise((r) => setTimeout(r, SETTLE_MS));

    const stats = Object.values(platform.dynamodb.stats());
    platform.calm(); // the judgement's own reads run clean
    const calmAt = Date.now();
    const drainedMs = await timeUntil(calmAt, 30_000, async () => total((await queueDepths(platform.stack)).pending) === 0);
    const deadAfter = (await queueDepths(platform.stack)).deadLettered;
    const deadLettered = Object.fromEntries(
      Object.entries(deadAfter)
        .map(([queue, n]) => [queue, n - (deadBefore[queue] ?? 0)] as const)
        .filter(([, n]) => n > 0),
    );
    for (const line of await deadLetterSamples(platform.stack, Object.keys(deadLettered)))
      console.log(`${spec.name}: dead-lettered ${line}`);
    const observed: Observed = {
      tickets: await ticketsOf(platform.operator, numbers),
      phones: await phonesOf(platform, numbers),
      contacts: await contactsOf(platform.operator, numbers),
      acks: acks.acks,
    };
    return {
      name: spec.name,
      ...judge(customerMessages, replies, observed),
      inboundRecoveredMs,
      repliesRecoveredMs,
      drainedMs,
      deadLettered,
      injected: {
        dynamodbCalls: stats.reduce((n, s) => n + s.calls, 0),
        dynamodb: stats.reduce((n, s) => n + Object.values(s.faults).reduce((a, b) => a + (b ?? 0), 0), 0),
        dynamodbAfter: stats.reduce((n, s) => n + s.after, 0),
        redelivered: platform.deliveryFaultCounts.duplicate - deliveredBefore.duplicate,
        kept: platform.deliveryFaultCounts.kept - deliveredBefore.kept,
      },
    };
  } finally {
    platform.calm();
    acks.close();
  }
}

/** Accepts a pending ticket (retried like the console); an answer that it is already open is fine. */
async function accept(platform: FaultPlatform, ticketId: string): Promise<void> {
  const operator = platform.operator;
  const answer = await operator.retried('PUT', `/tickets/${ticketId}`, { status: 'open', userId: operator.userId });
  if (answer.status < 300) return;
  const open = await operator.retried<TicketListAnswer['tickets'][number]>('GET', `/tickets/${ticketId}`);
  if (open.body?.status !== 'open' || open.body.userId !== operator.userId)
    throw new Error(`accepting ${ticketId} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

/** Milliseconds from `since` until `done` holds (polled), or undefined when it did not within `limitMs`. */
async function timeUntil(since: number, limitMs: number, done: () => Promise<boolean>): Promise<number | undefined> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await done().catch(() => false)) return Date.now() - since;
    await new Promise((r) => setTimeout(r, 250));
  }
  return undefined;
}
