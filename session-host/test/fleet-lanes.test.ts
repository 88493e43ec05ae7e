/**
 * Command lanes (docs/deploy.md "Lanes"): which lane a joining host serves, which connections it may
 * claim, how fast a command it does not hold goes back, and — in a unit-level model of receive and
 * hand-back — what lanes buy at 186 hosts: dead letters and added latency.
 */
import { laneOf } from '@atende/functions/shared-surface';
import { describe, expect, it } from 'vitest';
import { chooseLane, inLane, isLaneMate } from '../src/fleet/fleet-lanes';
import { returnDelaySeconds } from '../src/queues/outbound-consumer';
import { simulateRouting } from './support/lane-routing-model';

const host = (lane: number, lanes: number) => ({ lane, lanes });

describe('command lanes', () => {
  it('puts a joining host in the lane with the fewest live hosts of the same layout', () => {
    expect(chooseLane({ hostId: 'h', lanes: 1, live: [host(0, 1), host(0, 1)] })).toBe(0);
    const live = [host(0, 4), host(0, 4), host(1, 4), host(2, 4), host(3, 4), host(2, 4)];
    // lanes 1 and 3 have one host each: a joining host takes one of them, which one by its id
    const chosen = new Set(Array.from({ length: 20 }, (_, n) => chooseLane({ hostId: `h-${n}`, lanes: 4, live })));
    expect([...chosen].sort()).toEqual([1, 3]);
    // hosts of another layout (a deploy changing the lane count) do not count
    expect(chooseLane({ hostId: 'h', lanes: 2, live: [host(0, 2), host(1, 4), host(1, 4)] })).toBe(1);
  });

  it('fills the lanes evenly as hosts join, and spreads hosts that join at the same instant', () => {
    const joined: { lane: number; lanes: number }[] = [];
    for (let h = 0; h < 50; h++) joined.push(host(chooseLane({ hostId: `task-${h}`, lanes: 8, live: joined }), 8));
    const sizes = Array.from({ length: 8 }, (_, lane) => joined.filter((j) => j.lane === lane).length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    // 64 hosts that all saw an empty fleet: none of the lanes is left empty
    const together = Array.from({ length: 64 }, (_, h) => chooseLane({ hostId: `cold-${h}`, lanes: 8, live: [] }));
    expect(new Set(together).size).toBe(8);
  });

  it("lets a host claim only its lane's connections, and counts only its lane's hosts as mates", () => {
    const self = { lane: 2, lanes: 4 };
    const ids = Array.from({ length: 40 }, (_, n) => `conn-${n}`);
    expect(ids.filter((id) => inLane(id, self))).toEqual(ids.filter((id) => laneOf(id, 4) === 2));
    expect(ids.every((id) => inLane(id, { lane: 0, lanes: 1 }))).toBe(true);
    expect(isLaneMate(host(2, 4), self)).toBe(true);
    expect(isLaneMate(host(2, 8), self)).toBe(false);
    expect(isLaneMate(host(1, 4), self)).toBe(false);
  });

  it('hands a command back at once while its readers may still be reaching the holder, then slows down', () => {
    // one reader: as before lanes (1 s more per 8 receives from the 8th, up to 5 s)
    expect([1, 7, 8, 15, 16, 40, 900].map((n) => returnDelaySeconds(n, 1))).toEqual([0, 0, 1, 1, 2, 5, 5]);
    // 23 readers (186 hosts on 8 lanes): 184 receives at once, then the same ramp
    expect(returnDelaySeconds(183, 23)).toBe(0);
    expect(returnDelaySeconds(184, 23)).toBe(1);
    // never more than 400 at once, so an orphaned connection's command never burns 1,000 receives
    expect(returnDelaySeconds(399, 186)).toBe(0);
    expect(returnDelaySeconds(400, 186)).toBe(1);
  });

  describe('a model of receive and hand-back at 186 hosts (50,000 numbers)', () => {
    const run = (lanes: number) =>
      simulateRouting({ hosts: 186, lanes, commands: 20_000, handBackMs: 30, maxReceives: 1000, seed: 29 });

    it('dead-letters about 0.5 % of commands on one queue (e^(−1000/186)), and none on 8 lanes', () => {
      const one = run(1);
      expect(one.deadLetterRate).toBeGreaterThan(0.003);
      expect(one.deadLetterRate).toBeLessThan(0.008);
      const eight = run(8);
      expect(eight.laneSizes.every((size) => size === 23 || size === 24)).toBe(true);
      expect(eight.deadLettered).toBe(0);
    });

    it('cuts the receives per command by the lane count, and the added latency to under a second', () => {
      const one = run(1);
      const eight = run(8);
      expect(one.meanReceives).toBeGreaterThan(150);
      expect(eight.meanReceives).toBeLessThan(30);
      // 186 hand-backs on one queue pass the fast hand-backs' cap: seconds, not milliseconds
      expect(one.meanAddedMs).toBeGreaterThan(10_000);
      expect(eight.meanAddedMs).toBeLessThan(1_000);
      expect(eight.p99AddedMs).toBeLessThan(5_000);
    });
  });
});
