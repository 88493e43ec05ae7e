/**
 * The scenarios on what exists today (inbound, tickets, replies, acks), at two sizes: `ci` (default:
 * `npm test`, a few customers each) and `full` (`npm run faults`: FAULTS_SCALE=full).
 */
import { dynamoDbFaultProfile } from './support/dynamodb-flavor';
import type { ScenarioSpec } from './support/scenario';

export const SCALE = process.env.FAULTS_SCALE === 'full' ? 'full' : 'ci';

const size =
  SCALE === 'full'
    ? { customers: 10, messagesPerCustomer: 10, repliesPerTicket: 5, recoverWithinMs: 240_000 }
    : { customers: 3, messagesPerCustomer: 3, repliesPerTicket: 2, recoverWithinMs: 60_000 };

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
    // 30 % of the records kept after the consumer wrote them, back 2 s later (and any batch slower
    // than 2 s is received again while still being handled: visibility expiring mid-handling).
    faults: (p) => Object.assign(p.delivery, { keepShare: 0.3, visibilityTimeoutSeconds: 2 }),
  },
  {
    name: 'dynamodb-throttles-500s-timeouts',
    ...size,
    send: KEYED_SEND,
    // 10 % of every read and write fails (throughput, throttling, 500, timeout), half of the failed
    // writes after they were applied; 0–20 ms added to every call.
    faults: (p) => void (p.dynamodb.profile = dynamoDbFaultProfile(0.1, 20)),
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
];

/** Full size only: every fault at once, the console's send retried after a gateway timeout too. */
if (SCALE === 'full')
  SCENARIOS.push({
    name: 'everything-at-once',
    ...size,
    send: { idempotency: 'key', firstAttempt: 'gateway-timeout' },
    // Seen in 2 of 3 full runs: up to one message.received per conversation dead-lettered after 5+ receives,
    // each of them handled (its text is in its ticket, once). Likely cause, not proven: batches slowed by the
    // DynamoDB faults (and handled twice) outlive the 2 s visibility timeout, are received again while still
    // being handled, and each receive counts towards maxReceiveCount (in AWS the timeout is 60 s).
    mayDeadLetter: 'handled records received 5+ times under a 2 s visibility timeout',
    faults: (p) => {
      p.dynamodb.profile = dynamoDbFaultProfile(0.1, 20);
      Object.assign(p.delivery, { duplicate: true, keepShare: 0.3, visibilityTimeoutSeconds: 2 });
    },
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

/** `FAULT_SCENARIOS=name,name` runs only those (a replay of one failure, with its FAULT_SEED). */
export const selected = (specs: ScenarioSpec[]) => {
  const names = process.env.FAULT_SCENARIOS?.split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return names?.length ? specs.filter((s) => names.includes(s.name)) : specs;
};
