/**
 * One fault scenario, end to end: fresh customers write to the business, the operator accepts each
 * ticket and replies, all under the scenario's faults; then the outside view is judged (verdict.ts).
 * Times to recover: from the first customer message (then the first reply) until the GET routes (the
 * phones) show every message at least once; then until every work queue is drained.
 */
import type { TicketListAnswer } from '@atende/shared';
import { succeeded, type SendPlan } from './console-user';
import { customerWrites } from './customer-phone';
import type { FaultPlatform } from './fault-platform';
import { contactsOf, phonesOf, ticketsOf, watchAcks } from './outside-view';
import { injectedSince, settle, takeBaseline, type Injected } from './fault-accounting';
import { judgeRealtime, type RealtimeVerdict } from './realtime-verdict';
import { scheduleMessages, tickTwice } from './scheduled-messages';
import { openObservers, type SocketObservers } from './socket-observers';
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
  /** Counts the faults must have raised: a scenario whose faults never fired proves nothing. */
  mustInject?: (keyof Injected)[];
  /** Pause between one customer's messages (so a process fault lands mid-traffic). */
  paceMs?: number;
  /** Faults that happen during a phase (started with its traffic, awaited before its recovery is judged). */
  during?: Partial<Record<'inbound' | 'replies' | 'schedules' | 'campaign', (platform: FaultPlatform) => Promise<void>>>;
  /**
   * Realtime judged too (socket-observers.ts): a second tab of the operator, sockets outside the
   * audience, and a tab whose socket drops `dropMs` into the customers' messages and reconnects `downMs` later.
   */
  sockets?: { dropMs: number; downMs: number };
  /**
   * Scheduled messages too: after its replies, the operator schedules `perCustomer` messages to each
   * customer, due `dueInMs` later; the minute tick then runs twice at once (scheduled-messages.ts).
   * They are judged with the replies (on the phone exactly once).
   */
  schedules?: { perCustomer: number; dueInMs: number };
  /**
   * A second user (the company's admin) answers each ticket too, side by side with the operator, and
   * the customers write again while they do (`messagesPerCustomer` more each): replies and customer
   * messages cross, and each ticket's last message must still be its conversation's newest.
   */
  twoAnswerers?: boolean;
  /** `campaign`: with a confirmation request first, which each contact answers when it shows on its phone. */
  confirmation?: boolean;
  /**
   * `bot-menu`: the customers talk to the menu bot instead of an operator (bot-scenario.ts);
   * `campaign`: a campaign to `customers` fresh numbers is sent instead (campaign-scenario.ts);
   * `external-api`: an integrator sends them `messagesPerCustomer` messages each (external-api-scenario.ts).
   */
  kind?: 'conversation' | 'bot-menu' | 'campaign' | 'external-api';
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
  /** Faults injected: DynamoDB calls failed (of them, after the write), SQS records, process faults. */
  injected: Injected;
  /** With `sockets`: the realtime judgement. */
  realtime?: RealtimeVerdict;
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
  const base = await takeBaseline(platform);
  const observers: SocketObservers | undefined = spec.sockets ? await openObservers(platform) : undefined;
  spec.faults(platform);
  const within = spec.recoverWithinMs ?? 60_000;
  let lastMissing: string[] = [];
  try {
    // Customers write, side by side, each in order.
    const inboundStarted = Date.now();
    const customerMessages: Sent[] = [];
    const customersWrite = (from: number) =>
      numbers.map(async (number, c) => {
        for (let n = from; n < from + spec.messagesPerCustomer; n++) {
          const token = tokenOf(spec.name, 'in', c, n);
          customerMessages.push({ token, customer: number });
          await customerWrites(platform, number, `Olá ${token}`);
          if (spec.paceMs) await new Promise((r) => setTimeout(r, spec.paceMs));
        }
      });
    await Promise.all([
      ...customersWrite(0),
      spec.during?.inbound?.(platform),
      observers && dropAndReconnect(observers, spec.sockets!, numbers),
    ]);
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

    // The operator accepts each customer's ticket and replies (with the admin beside, `twoAnswerers`).
    const repliesStarted = Date.now();
    const replies: Sent[] = [];
    const tickets = await ticketsOf(platform.operator, numbers);
    const accepted: string[] = [];
    const answerers = spec.twoAnswerers ? [platform.operator, platform.admin] : [platform.operator];
    await Promise.all([
      ...numbers.map(async (number, c) => {
        const ticket = tickets[number]![0];
        if (!ticket) return; // its messages were lost: the verdict says so
        await accept(platform, ticket.ticketId);
        accepted.push(ticket.ticketId);
        await Promise.all(
          answerers.map(async (user, a) => {
            for (let n = a * spec.repliesPerTicket; n < (a + 1) * spec.repliesPerTicket; n++) {
              const token = tokenOf(spec.name, 'out', c, n);
              replies.push({ token, customer: number });
              await user.sendReply(ticket.ticketId, `Resposta ${token}`, spec.send, platform.faultyApiUrl);
              if (spec.paceMs) await new Promise((r) => setTimeout(r, spec.paceMs));
            }
          }),
        );
        if (!spec.schedules) return;
        const texts = Array.from({ length: spec.schedules.perCustomer }, (_, n) => {
          const token = tokenOf(spec.name, 'scheduled', c, n);
          replies.push({ token, customer: number });
          return `Agendada ${token}`;
        });
        await scheduleMessages(platform, number, ticket.ticketId, texts, spec.schedules.dueInMs);
      }),
      ...(spec.twoAnswerers ? customersWrite(spec.messagesPerCustomer) : []),
      spec.during?.replies?.(platform),
    ]);
    if (spec.schedules) await Promise.all([tickTwice(platform), spec.during?.schedules?.(platform)]);
    const repliesRecoveredMs = await timeUntil(repliesStarted, within, async () => {
      const phones = await phonesOf(platform, numbers);
      return replies.every((r) => phones[r.customer]!.some((b) => b.includes(r.token)));
    });
    await new Promise((r) => setTimeout(r, SETTLE_MS));

    const injected = injectedSince(platform, base);
    const { drainedMs, deadLettered } = await settle(platform, base, spec.name);
    const observed: Observed = {
      tickets: await ticketsOf(platform.operator, numbers),
      phones: await phonesOf(platform, numbers),
      contacts: await contactsOf(platform.operator, numbers),
      acks: acks.acks,
    };
    const verdict = judge(customerMessages, replies, observed);
    const realtime = observers && judgeObservers(observers, customerMessages, replies, observed, accepted, numbers);
    return {
      name: spec.name,
      ...verdict,
      problems: [...verdict.problems, ...(realtime?.problems ?? [])],
      realtime,
      inboundRecoveredMs,
      repliesRecoveredMs,
      drainedMs,
      deadLettered,
      injected,
    };
  } finally {
    platform.calm();
    acks.close();
    observers?.close();
  }
}

/** The tab whose socket drops mid-traffic: closed, then reopened and caught up (REST) `downMs` later. */
async function dropAndReconnect(
  observers: SocketObservers,
  timing: NonNullable<ScenarioSpec['sockets']>,
  numbers: string[],
): Promise<void> {
  await new Promise((r) => setTimeout(r, timing.dropMs));
  observers.reconnecting.drop();
  await new Promise((r) => setTimeout(r, timing.downMs));
  await observers.reconnecting.reconnect(numbers);
}

function judgeObservers(
  observers: SocketObservers,
  customerMessages: Sent[],
  replies: Sent[],
  observed: Observed,
  accepted: string[],
  numbers: string[],
): RealtimeVerdict {
  const tokens = [...customerMessages, ...replies].map((m) => m.token);
  const ticketIds = Object.values(observed.tickets).flatMap((list) => list.map((t) => t.ticketId));
  return judgeRealtime(
    { numbers, ticketMarks: [...ticketIds, ...tokens], tokens, accepted },
    {
      outsiders: observers.outsiders.map((o) => ({ name: o.name, sameCompany: o.sameCompany, frames: o.log.frames })),
      secondTab: observers.secondTab.frames,
      reconnected: observers.reconnecting.dropped
        ? { framesAfter: observers.reconnecting.framesAfter, restAfter: observers.reconnecting.restAfter }
        : undefined,
    },
  );
}

/** Accepts a pending ticket (retried like the console); an answer that it is already open is fine. */
async function accept(platform: FaultPlatform, ticketId: string): Promise<void> {
  const operator = platform.operator;
  const answer = await operator.retried('PUT', `/tickets/${ticketId}`, { status: 'open', userId: operator.userId });
  if (succeeded(answer)) return;
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
