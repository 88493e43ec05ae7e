/** Pacing arithmetic of the campaign engine (domain/campaign-sending/pacing.ts): pure, no emulators. */
import { describe, expect, it } from 'vitest';
import {
  assignConnection,
  expectedSendsPerMinute,
  nextQuotaDay,
  plannedFor,
  quotaDay,
  waitAfterSend,
} from '../src/domain/campaign-sending/pacing';

const settings = { messageInterval: 5, longerIntervalAfter: 3, greaterInterval: 20 } as const;

describe('waitAfterSend', () => {
  it('waits a random 0..messageInterval seconds, scaled from the random draw', () => {
    expect(waitAfterSend(settings, 0, () => 0).waitMs).toBe(0);
    expect(waitAfterSend(settings, 0, () => 0.5).waitMs).toBe(2500);
    expect(waitAfterSend(settings, 0, () => 0.9999).waitMs).toBe(4999);
  });

  it('pauses greaterInterval after every longerIntervalAfter sends, then counts again', () => {
    let since = 0;
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const w = waitAfterSend(settings, since, () => 0.2);
      waits.push(w.waitMs);
      since = w.sinceLongPause;
    }
    expect(waits).toEqual([1000, 1000, 20_000, 1000, 1000, 20_000, 1000]);
  });

  it('never pauses when longerIntervalAfter is 0, and a 0 interval sends back to back', () => {
    let since = 0;
    for (let i = 0; i < 50; i++) {
      const w = waitAfterSend({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 60 }, since, () => 0.7);
      expect(w.waitMs).toBe(0);
      since = w.sinceLongPause;
    }
  });
});

describe('daily cap days', () => {
  it('counts sends per UTC day and waits until the next UTC midnight', () => {
    const late = Date.parse('2026-03-31T23:59:59.500Z');
    expect(quotaDay(late)).toBe('2026-03-31');
    expect(new Date(nextQuotaDay(late)).toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(quotaDay(nextQuotaDay(late))).toBe('2026-04-01');
    expect(new Date(nextQuotaDay(Date.parse('2026-12-31T00:00:00Z'))).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('connection assignment', () => {
  it('deals valid contacts round robin and each connection gets a dense sequence', () => {
    const seen = Array.from({ length: 7 }, (_, i) => assignConnection(i, 3));
    expect(seen.map((s) => `${s.connIndex}/${s.position}`)).toEqual(['0/0', '1/0', '2/0', '0/1', '1/1', '2/1', '0/2']);
    expect([0, 1, 2].map((c) => plannedFor(7, c, 3))).toEqual([3, 2, 2]);
    expect([0, 1].map((c) => plannedFor(1, c, 2))).toEqual([1, 0]);
    expect(plannedFor(0, 0, 1)).toBe(0);
  });
});

describe('expected rate', () => {
  it('is 60 / mean interval without pauses, and counts the pause once per cycle', () => {
    expect(expectedSendsPerMinute({ messageInterval: 20, longerIntervalAfter: 0, greaterInterval: 0 })).toBe(6);
    // 20 sends per cycle: 19 mean waits of 2.5 s and one 20 s pause = 67.5 s
    expect(expectedSendsPerMinute({ messageInterval: 5, longerIntervalAfter: 20, greaterInterval: 20 })).toBeCloseTo(
      17.78,
      2,
    );
  });
});
