/**
 * The scenarios on what exists today (inbound, tickets, replies, acks, schedules, the menu bot, campaigns), at
 * two sizes: `ci` (default: `npm test`, a few customers each) and `full` (`npm run faults`: FAULTS_SCALE=full).
 */
import { dynamoDbFaultProfile } from './support/dynamodb-flavor';
import { sessionHostSqsFaultProfile } from './support/sqs-flavor';
import { after, crashConsumers, killSessionHost } from './support/process-faults';
import type { RestartSpec } from './support/restart-scenario';
import type { ScenarioSpec } from './support/scenario';

export const SCALE = process.env.FAULTS_SCALE === 'full' ? 'full' : 'ci';

const size =
  SCALE === 'full'
    ? { customers: 10, messagesPerCustomer: 10, repliesPerTicket: 5, recoverWithinMs: 240_000 }
    : { customers: 3, messagesPerCustomer: 3, repliesPerTicket: 2, recoverWithinMs: 60_000 };

/** A campaign's contacts: it sends about one a second per connection locally (each pacer step is an SQS hop). */
const campaignSize =
  SCALE === 'full' ? { customers: 40, recoverWithinMs: 240_000 } : { customers: 6, recoverWithinMs: 75_000 };

const KEYED_SEND = { idempotency: 'key', firstAttempt: 'plain' } as const;

/** Each must come out clean: nothing lost, doubled or misrouted, one ticket per customer, acks rising. */
export const SCENARIOS: ScenarioSpec[] = [
  {
    name: 'sqs-every-message-twice',
    ...size,
    send: KEYED_SEND,
    faults: (p) => void (p.delivery.duplicate = true),
  },
  {
    name: 'sqs-batches-partly-failing',
    ...size,
    send: KEYED_SEND,
    // 30 % of the records kept after the consumer wrote them, back 2 s later; 20 % made visible again
    // right after their receive, so a second poller handles them beside the first (visibility expiring
    // mid-handling).
    faults: (p) => Object.assign(p.delivery, { keepShare: 0.3, expireShare: 0.2, visibilityTimeoutSeconds: 2 }),
  },
  {
    name: 'dynamodb-throttles-500s-timeouts',
    ...size,
    send: KEYED_SEND,
    // 10 % of every read and write fails (throughput, throttling, 500, timeout), half of the failed
    // writes after they were applied; 0–20 ms added to every call.
    faults: (p) => void (p.dynamodb.profile = dynamoDbFaultProfile(0.1, 20)),
    mustInject: ['dynamodb', 'dynamodbAfter'],
  },
  {
    name: 'console-retry-after-gateway-timeout',
    ...size,
    send: { idempotency: 'key', firstAttempt: 'gateway-timeout' },
    faults: () => undefined,
  },
  {
    name: 'console-double-click',
    ...size,
    send: { idempotency: 'key', firstAttempt: 'double-click' },
    faults: () => undefined,
  },
  {
    name: 'session-host-killed-mid-traffic',
    ...size,
    paceMs: 250,
    send: KEYED_SEND,
    faults: () => undefined,
    // SIGKILL while customers write and again while the operator's replies go out; its runner brings it back.
    during: { inbound: after(700, killSessionHost), replies: after(300, killSessionHost) },
  },
  {
    name: 'session-host-sqs-calls-failing',
    ...size,
    paceMs: 100,
    send: KEYED_SEND,
    // Half of the session host's SQS calls fail (its command queue's deletes and lease extensions, the
    // channel events it sends; 10 % of its receives), half of them after SQS applied the call. Commands
    // received but never seen come back after the host's visibility timeout (20 s): replies may take longer.
    faults: (p) => void (p.hostSqs.profile = sessionHostSqsFaultProfile(0.5, 0.1)),
    mustInject: ['hostSqs', 'hostSqsAfter'],
    recoverWithinMs: Math.max(size.recoverWithinMs, 120_000),
  },
  {
    name: 'consumers-crashed-mid-traffic',
    ...size,
    paceMs: 150,
    send: KEYED_SEND,
    // What the crash cut off comes back 3 s later (not the queue's 60 s).
    faults: (p) => void (p.delivery.visibilityTimeoutSeconds = 3),
    during: { inbound: after(500, crashConsumers), replies: after(200, crashConsumers) },
  },
  {
    name: 'sockets-dropped-two-tabs-outsiders',
    ...size,
    paceMs: 250,
    send: KEYED_SEND,
    // Realtime under redelivery: every batch handed over twice, the fan-out's included.
    faults: (p) => void (p.delivery.duplicate = true),
    sockets: { dropMs: 400, downMs: 1500 },
  },
  {
    name: 'schedules-under-consumer-crash',
    ...size,
    send: KEYED_SEND,
    schedules: { perCustomer: 2, dueInMs: 4000 },
    faults: (p) => void (p.delivery.visibilityTimeoutSeconds = 3),
    // The dispatch of the due messages is cut off mid-batch (the crash waits for a batch in flight).
    during: { schedules: after(3800, crashConsumers) },
  },
  {
    name: 'schedules-under-dynamodb-throttling',
    ...size,
    send: KEYED_SEND,
    schedules: { perCustomer: 2, dueInMs: 3000 },
    faults: (p) => {
      p.dynamodb.profile = dynamoDbFaultProfile(0.1, 20);
      p.delivery.duplicate = true;
    },
  },
  {
    name: 'two-operators-one-ticket-crossing-customers',
    ...size,
    send: KEYED_SEND,
    twoAnswerers: true,
    // Replies of two users and the customer's messages land side by side, redelivered, on a faulty table.
    faults: (p) => {
      p.dynamodb.profile = dynamoDbFaultProfile(0.1, 20);
      p.delivery.duplicate = true;
    },
  },
  {
    name: 'bot-menu-under-redelivery',
    kind: 'bot-menu',
    ...size,
    send: KEYED_SEND,
    // Every batch twice, records kept or received again mid-handling, DynamoDB failing after writes.
    faults: (p) => {
      p.dynamodb.profile = dynamoDbFaultProfile(0.1, 20);
      Object.assign(p.delivery, { duplicate: true, keepShare: 0.3, expireShare: 0.2, visibilityTimeoutSeconds: 2 });
    },
  },
  {
    name: 'bot-menu-under-consumer-crash',
    kind: 'bot-menu',
    ...size,
    send: KEYED_SEND,
    // The consumers' thread ended while the first messages are handled, and again around the answers;
    // what a crash cut off comes back 3 s later. Where a crash lands is chance: the cuts between the
    // greeting and the menu state are pinned by functions/test/tickets-bots.test.ts (docs/faults.md
    // "A menu answer never sent").
    faults: (p) => void (p.delivery.visibilityTimeoutSeconds = 3),
    during: {
      inbound: async (p) => {
        await after(200, crashConsumers)(p);
        await after(1200, crashConsumers)(p);
      },
    },
  },
  {
    name: 'campaign-under-redelivery',
    kind: 'campaign',
    ...size,
    ...campaignSize,
    send: KEYED_SEND,
    // The sending engine's steps (start, planning, pacers, sends) and the sends' acks handed over twice,
    // kept or received again mid-handling, DynamoDB failing after writes.
    faults: (p) => {
      p.dynamodb.profile = dynamoDbFaultProfile(0.1, 20);
      Object.assign(p.delivery, { duplicate: true, keepShare: 0.3, expireShare: 0.2, visibilityTimeoutSeconds: 2 });
    },
  },
  {
    name: 'campaign-under-consumer-crash',
    kind: 'campaign',
    ...size,
    ...campaignSize,
    send: KEYED_SEND,
    // The consumers' thread ended while the campaign plans and while it sends; what a crash cut off comes back 3 s later.
    faults: (p) => void (p.delivery.visibilityTimeoutSeconds = 3),
    during: {
      campaign: async (p) => {
        await after(300, crashConsumers)(p);
        await after(2500, crashConsumers)(p);
      },
    },
  },
  {
    name: 'campaign-with-confirmation-under-redelivery',
    kind: 'campaign',
    ...size,
    ...campaignSize,
    send: KEYED_SEND,
    confirmation: true,
    // Each contact asked first; the answers come in under every batch twice and a faulty table.
    faults: (p) => {
      p.dynamodb.profile = dynamoDbFaultProfile(0.1, 20);
      p.delivery.duplicate = true;
    },
  },
  {
    name: 'external-api-retried-after-gateway-timeouts',
    kind: 'external-api',
    ...size,
    // Full size: 25 sends, ~50 calls with their retries, within the token's 60 calls a minute
    // (EXTERNAL_SEND_RATE_LIMIT; a 429 beyond it is waited out as its Retry-After says).
    ...(SCALE === 'full' ? { customers: 5, messagesPerCustomer: 5 } : {}),
    send: KEYED_SEND,
    // Every first attempt answered 504 after it ran (gateway proxy), retried with its Idempotency-Key;
    // 10 % DynamoDB faults (half after the write) and every batch twice behind it.
    faults: (p) => {
      p.dynamodb.profile = dynamoDbFaultProfile(0.1, 20);
      p.delivery.duplicate = true;
    },
  },
];

/** Full size only: every fault at once, the console's send retried after a gateway timeout too. */
if (SCALE === 'full')
  SCENARIOS.push({
    name: 'everything-at-once',
    ...size,
    send: { idempotency: 'key', firstAttempt: 'gateway-timeout' },
    // Nothing may be dead-lettered (docs/faults.md "The dead letters": it used to be ~10 records).
    faults: (p) => {
      p.dynamodb.profile = dynamoDbFaultProfile(0.1, 20);
      Object.assign(p.delivery, { duplicate: true, keepShare: 0.3, expireShare: 0.2, visibilityTimeoutSeconds: 2 });
      p.hostSqs.profile = sessionHostSqsFaultProfile(0.2, 0.05);
    },
    mustInject: ['dynamodbAfter', 'hostSqsAfter', 'redelivered', 'kept', 'expired'],
    sockets: { dropMs: 1000, downMs: 2000 },
  });

/**
 * The control: the console before issue 30 sent no idempotency key, so its retry after a gateway
 * timeout sends the reply twice. The suite must see that (doubled > 0), or it could not catch it.
 */
export const CONTROL: ScenarioSpec = {
  name: 'control-retry-without-key',
  customers: 1,
  messagesPerCustomer: 1,
  repliesPerTicket: 2,
  send: { idempotency: 'no-key', firstAttempt: 'gateway-timeout' },
  faults: () => undefined,
};

/**
 * The whole platform SIGKILLed mid-burst and restarted on the same data (platform-restart.test.ts): a
 * platform of its own in a child process, so it runs beside the others, not among them.
 */
export const RESTART: RestartSpec =
  SCALE === 'full'
    ? {
        name: 'whole-platform-killed-and-restarted',
        customers: 10,
        messagesPerCustomer: 10,
        repliesPerTicket: 5,
        paceMs: 300,
        killAfterMs: 1500,
        recoverWithinMs: 240_000,
      }
    : {
        name: 'whole-platform-killed-and-restarted',
        customers: 3,
        messagesPerCustomer: 4,
        repliesPerTicket: 3,
        paceMs: 400,
        killAfterMs: 900,
        recoverWithinMs: 90_000,
      };

/** `FAULT_SCENARIOS=name,name` runs only those (a replay of one failure, with its FAULT_SEED). */
export const selected = (specs: ScenarioSpec[]) => {
  const names = process.env.FAULT_SCENARIOS?.split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return names?.length ? specs.filter((s) => names.includes(s.name)) : specs;
};
