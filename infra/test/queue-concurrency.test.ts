/**
 * The queue triggers' concurrency and the REST stage throttle, sized from the 1,000-company model
 * (infra/lib/functions/queue-concurrency.ts, docs/deploy.md): each trigger covers its queue's busy
 * hour with headroom, and all of them with the API fit the account's default concurrency.
 */
import { describe, expect, it } from 'vitest';
import { QUEUE_CONSUMERS, queueSpecs } from '@atende/functions/manifest';
import {
  busyRate,
  HEADROOM,
  MODEL,
  REST_CONCURRENCY,
  TRIGGER_LOAD,
  triggerConcurrency,
} from '../lib/functions/queue-concurrency';
import { stageConfig } from '../lib/stage-config';

/** Lambda's default concurrent executions per account and region. */
const ACCOUNT_DEFAULT_CONCURRENCY = 1_000;

describe('queue trigger concurrency from the 1,000-company model', () => {
  it.each(QUEUE_CONSUMERS.map((c) => [c.queue] as const))('%s covers its busy hour with headroom', (queue) => {
    const load = TRIGGER_LOAD[queue]!;
    expect(load, `${queue} has a load model`).toBeDefined();
    const needed = load.perSecond * load.secondsEach;
    expect(triggerConcurrency(queue)).toBeGreaterThanOrEqual(Math.ceil(needed * HEADROOM));
    expect(triggerConcurrency(queue)).toBeGreaterThanOrEqual(2);
  });

  it('gives the inbound worker what ≈ 790 events/s at 100 ms need, not the old fixed 5', () => {
    expect(busyRate(MODEL.perCompanyPerMonth.inbound)).toBeCloseTo(789, 0);
    expect(triggerConcurrency('inbound')).toBe(119);
    expect(triggerConcurrency('realtime')).toBe(30);
  });

  it('leaves most of the account to the API: every trigger plus the REST busy hour under half the default', () => {
    const triggers = QUEUE_CONSUMERS.reduce((sum, c) => sum + triggerConcurrency(c.queue), 0);
    expect(triggers + REST_CONCURRENCY).toBeLessThan(ACCOUNT_DEFAULT_CONCURRENCY / 2);
  });

  it('refuses a consumed queue without a load model', () => {
    expect(() => triggerConcurrency('nope')).toThrow(/No load model/);
    const fifo = queueSpecs(2)
      .filter((s) => s.fifo)
      .map((s) => s.name);
    expect(fifo).toEqual(expect.arrayContaining(['inbound', 'realtime', 'outbound-0', 'outbound-1']));
  });
});

describe('REST stage throttle', () => {
  it("covers the model's busy hour at 1,000 companies with headroom, in every stage", () => {
    for (const name of ['dev', 'prod']) {
      const { rateLimit, burstLimit } = stageConfig(name).throttle.default;
      expect(rateLimit).toBeGreaterThanOrEqual(busyRate(MODEL.perCompanyPerMonth.rest) * HEADROOM);
      expect(burstLimit).toBeGreaterThanOrEqual(rateLimit);
    }
  });
});
