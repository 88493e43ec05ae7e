/**
 * How many concurrent invocations each queue trigger may reach (`maxConcurrency` of its event-source
 * mapping), sized from the 1,000-company model of docs/deploy.md ("Queue triggers and the REST stage
 * at 1,000 companies") instead of one fixed 5 for every queue.
 *
 * Per queue: the busy-hour message rate at 1,000 companies × the seconds one message keeps a
 * function busy = the concurrency the work needs (Little's law), × HEADROOM, rounded up, at least
 * AWS's minimum of 2. The sum stays far below the account's default 1,000 concurrent executions, so
 * the triggers together cannot starve the API (whose own need is sized below too).
 */

/** The cost model's company: messages a month, over 22 working days of 8 hours. */
export const MODEL = {
  companies: 1_000,
  workingSecondsPerMonth: 22 * 8 * 3_600,
  /** The busiest hour against the working day's mean. */
  busyHourFactor: 2.5,
  perCompanyPerMonth: {
    /** Channel events through the inbound worker: 50,000 customer messages + 3 acks of each of 50,000 sends. */
    inbound: 200_000,
    /** Realtime events to the fan-out (one per inbound event and per console change). */
    realtime: 250_220,
    /** REST requests (reads, refreshes, logins, sends). */
    rest: 145_260,
  },
};

export const HEADROOM = 1.5;
/** AWS's floor for an SQS event source's maximum concurrency. */
const MIN_CONCURRENCY = 2;

/** Busy-hour messages per second at MODEL.companies for a monthly per-company volume. */
export const busyRate = (perCompanyPerMonth: number): number =>
  (MODEL.companies * perCompanyPerMonth * MODEL.busyHourFactor) / MODEL.workingSecondsPerMonth;

export interface TriggerLoad {
  /** Busy-hour messages per second at MODEL.companies. */
  perSecond: number;
  /** Seconds of function time per message (batching amortised). */
  secondsEach: number;
  basis: string;
}

/** The model's load on each consumed queue (manifest QUEUE_CONSUMERS). */
export const TRIGGER_LOAD: Record<string, TriggerLoad> = {
  inbound: {
    perSecond: busyRate(MODEL.perCompanyPerMonth.inbound),
    secondsEach: 0.1,
    basis: 'the inbound worker, ≈ 100 ms a message (p99 36–98 ms at 100 messages/s, issue 28)',
  },
  realtime: {
    perSecond: busyRate(MODEL.perCompanyPerMonth.realtime),
    secondsEach: 0.02,
    basis: 'the fan-out, 20 ms an event',
  },
  integrations: {
    perSecond: busyRate(MODEL.perCompanyPerMonth.inbound) * 0.05,
    secondsEach: 1,
    basis: '5 % of inbound events reach a queue integration (Typebot, n8n …), ≈ 1 s each (an HTTP call out)',
  },
  webhooks: {
    perSecond: busyRate(MODEL.perCompanyPerMonth.inbound) * 0.1,
    secondsEach: 0.3,
    basis: 'a webhook on 10 % of events, ≈ 300 ms a delivery (an HTTP call out)',
  },
  dispatch: {
    // 20 % of companies pace a campaign on 2 connections in the busy hour (17.8 steps a minute each),
    // plus scheduled messages, ticket timers and the tick.
    perSecond: (MODEL.companies * 0.2 * 2 * 17.8) / 60 + 10,
    secondsEach: 0.1,
    basis: 'campaign pacer steps of 20 % of companies on 2 connections, schedules and timers, ≈ 100 ms a job',
  },
};

/** The concurrency one queue's trigger may reach. */
export function triggerConcurrency(queue: string): number {
  const load = TRIGGER_LOAD[queue];
  if (!load) throw new Error(`No load model for queue "${queue}" (infra/lib/functions/queue-concurrency.ts)`);
  return Math.max(MIN_CONCURRENCY, Math.ceil(load.perSecond * load.secondsEach * HEADROOM));
}

/** The REST API's own need at the model's busy hour (≈ 80 ms a request), for the account's budget. */
export const REST_CONCURRENCY = Math.ceil(busyRate(MODEL.perCompanyPerMonth.rest) * 0.08 * HEADROOM);
