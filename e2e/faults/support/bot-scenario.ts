/**
 * The menu bot under redelivery: a connection of its own serves a queue with a greeting and a
 * one-option menu; each customer writes, reads the menu on the phone and answers `1`, while the
 * scenario's faults run (every batch handed over twice, records kept and received again, DynamoDB
 * failing after writes). Judged on the phones: each customer got the greeting with the menu exactly
 * once and the option's answer exactly once — a redelivered `1` must not answer twice; and on the
 * operator's view: each customer's first message on one ticket, one contact per customer.
 */
import type { QueueDto, QueueOptionDto } from '@atende/shared';
import { QUEUE_COLOR_PALETTE } from '@atende/shared';
import { until } from '../../../bench/support/console-client';
import { customerWrites } from './customer-phone';
import { connectedConnection, type FaultPlatform } from './fault-platform';
import { contactsOf, phoneMessages, phonesOf, ticketsOf, untilOnPhones } from './outside-view';
import { injectedSince, settle, takeBaseline } from './fault-accounting';
import type { ScenarioReport, ScenarioSpec } from './scenario';
import { judge, tokenOf, type Observed, type Sent } from './verdict';

/** The bot's texts name the customer ({{name}}), so each phone's copy is its own. */
const GREETING = '[f:bot:greeting]';
const ANSWER = '[f:bot:option-1]';
const greetingTo = (name: string) => `Olá ${name}! ${GREETING}`;
const answerTo = (name: string) => `${name}, seu pedido está a caminho ${ANSWER}`;

interface BotConnection {
  connectionId: string;
}

const connections = new WeakMap<FaultPlatform, BotConnection>();

/** The bot's queue (greeting + one option) and a connection serving it, made once per platform. */
async function botConnection(platform: FaultPlatform): Promise<BotConnection> {
  const made = connections.get(platform);
  if (made) return made;
  const admin = platform.admin;
  const queues = (await admin.retried<QueueDto[]>('GET', '/queue')).body;
  const color = QUEUE_COLOR_PALETTE.find((c) => !queues.some((q) => q.color.toLowerCase() === c.toLowerCase()))!;
  const queue = await admin.retried<QueueDto>('POST', '/queue', {
    name: 'Robô das falhas',
    color,
    greetingMessage: greetingTo('{{name}}'),
  });
  if (queue.status >= 300) throw new Error(`POST /queue answered ${queue.status}: ${JSON.stringify(queue.body)}`);
  const option = await admin.retried<QueueOptionDto>('POST', '/queue-options', {
    queueId: queue.body.id,
    title: 'Pedidos',
    message: answerTo('{{name}}'),
  });
  if (option.status >= 300) throw new Error(`POST /queue-options answered ${option.status}`);
  const connectionId = await connectedConnection(admin, platform.sim, {
    name: 'Loja Robô',
    isDefault: false,
    queueId: queue.body.id,
  });
  const connection = { connectionId };
  connections.set(platform, connection);
  return connection;
}

let nextRun = 0;

export async function runBotScenario(platform: FaultPlatform, spec: ScenarioSpec): Promise<ScenarioReport> {
  const { connectionId } = await botConnection(platform);
  const bot: FaultPlatform = { ...platform, connectionId };
  const run = ++nextRun;
  const numbers = Array.from(
    { length: spec.customers },
    (_, c) => `55118${String(run).padStart(3, '0')}${String(c).padStart(4, '0')}`,
  );
  const names = numbers.map((_, c) => `Cliente robô ${run}-${String(c).padStart(3, '0')}`);
  platform.calm();
  for (const [c, number] of numbers.entries())
    await platform.sim('POST', `/connections/${connectionId}/contacts`, { name: names[c], number });
  const base = await takeBaseline(platform);
  spec.faults(platform);
  const expected: Sent[] = numbers.flatMap((customer, c) => [
    { token: greetingTo(names[c]!), customer },
    { token: answerTo(names[c]!), customer },
  ]);
  const within = spec.recoverWithinMs ?? 60_000;
  try {
    const started = Date.now();
    // A process fault during the conversations (`during.inbound`), awaited before the answers are judged.
    await Promise.all([
      spec.during?.inbound?.(platform),
      ...numbers.map(async (number, c) => {
        await customerWrites(bot, number, `Oi, quero saber do pedido ${tokenOf(spec.name, 'in', c, 0)}`);
        // The customer reads the menu before answering it.
        await until(async () => ((await onPhone(bot, number, GREETING)) ? true : undefined), within, 'the menu');
        await customerWrites(bot, number, '1');
      }),
    ]);
    const answeredMs = await untilOnPhones(bot, expected, within).then((ok) => (ok ? Date.now() - started : undefined));
    await new Promise((r) => setTimeout(r, 3000)); // a second answer gets its chance to show up
    const injected = injectedSince(platform, base);
    const { drainedMs, deadLettered } = await settle(platform, base, spec.name);
    // The customers' first messages on one ticket each (the `1` has no token of its own), one contact each.
    const written: Sent[] = numbers.map((customer, c) => ({ token: tokenOf(spec.name, 'in', c, 0), customer }));
    const [phones, tickets, contacts] = await Promise.all([
      phonesOf(bot, numbers),
      ticketsOf(platform.admin, numbers),
      contactsOf(platform.admin, numbers),
    ]);
    const verdict = judge(written, expected, { tickets, phones, contacts, acks: {} });
    if (verdict.problems.length) console.log(await evidence(bot, tickets, verdict.problems));
    return {
      name: spec.name,
      ...verdict,
      inboundRecoveredMs: answeredMs,
      repliesRecoveredMs: answeredMs,
      drainedMs,
      deadLettered,
      injected,
    };
  } finally {
    platform.calm();
  }
}

/**
 * What a failure needs to be understood, printed beside the verdict: each customer's whole phone (both
 * sides) and the tickets the operator's GET routes showed for them (`tickets`), with their messages.
 */
async function evidence(platform: FaultPlatform, tickets: Observed['tickets'], problems: string[]): Promise<string> {
  const lines = [`${platform.connectionId}: ${problems.join('; ')}`];
  for (const [number, ofCustomer] of Object.entries(tickets)) {
    const messages = await phoneMessages(platform, number);
    lines.push(`phone ${number}: ${JSON.stringify(messages.map((m) => `${m.from}: ${m.text}`))}`);
    for (const t of ofCustomer) lines.push(`ticket ${t.ticketId}: ${JSON.stringify(t.bodies)}`);
  }
  return lines.join('\n');
}

async function onPhone(platform: FaultPlatform, number: string, token: string): Promise<boolean> {
  const messages = await phoneMessages(platform, number);
  return messages.some((m) => m.from === 'business' && m.text.includes(token));
}
