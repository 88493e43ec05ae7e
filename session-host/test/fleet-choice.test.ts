import type { ConnectionLease, HostLease } from '@atende/functions/shared-surface';
import { describe, expect, it } from 'vitest';
import { fairShare, pickDonor, pickToClaim, pickToRelease, rotateFor } from '../src/fleet/fleet-choice';

const lease = (companyId: string, n: number): ConnectionLease => ({
  companyId,
  connectionId: `${companyId}-${n}`,
  adapter: 'simulator',
  owner: 'h',
  token: 1,
  claimedAt: 0,
});
const host = (hostId: string, sessions: number, releaseWanted = 0): HostLease => ({
  hostId,
  sessions,
  releaseWanted,
  cap: 500,
  leaseUntil: 0,
  startedAt: '',
  lane: 0,
  lanes: 1,
});

describe('fleet choices', () => {
  it('shares what runs and waits evenly among live hosts, within each host’s cap', () => {
    expect(fairShare({ caps: [500, 500, 500, 500, 500], total: 400, cap: 500 })).toBe(80);
    expect(fairShare({ caps: [500, 500, 500], total: 400, cap: 500 })).toBe(134);
    expect(fairShare({ caps: [300, 300], total: 900, cap: 300 })).toBe(300);
    // a host capped at 3 leaves its part of the share to the others
    expect(fairShare({ caps: [3, 10], total: 8, cap: 10 })).toBe(5);
    expect(fairShare({ caps: [3, 10], total: 8, cap: 3 })).toBe(3);
  });

  it('claims first from the companies it holds least of', () => {
    const candidates = [lease('a', 1), lease('a', 2), lease('a', 3), lease('b', 1), lease('c', 1)];
    const picked = pickToClaim(candidates, [lease('b', 9), lease('c', 9), lease('c', 8)], 3);
    expect(picked.map((l) => l.companyId)).toEqual(['a', 'a', 'b']);
  });

  it('spreads 200 hosts over a page of orphans instead of sending them all after the same few', () => {
    // A dead host's page of 100 connections, of 100 companies; each of 200 live hosts wants 2 more.
    const page = Array.from({ length: 100 }, (_, n) => lease(`co-${String(n).padStart(3, '0')}`, n));
    const hosts = Array.from({ length: 200 }, (_, n) => `ip-10-0-${n}-7.ec2.internal-01JC${String(n).padStart(22, '0')}`);
    const claimedInOneRound = (choose: (hostId: string) => ConnectionLease[]) =>
      new Set(hosts.flatMap((hostId) => choose(hostId).map((l) => l.connectionId))).size;

    const together = claimedInOneRound(() => pickToClaim(page, [], 2));
    const spread = claimedInOneRound((hostId) => pickToClaim(rotateFor(hostId, page), [], 2));

    expect(together).toBe(2);
    expect(spread).toBeGreaterThanOrEqual(80);
    expect(rotateFor('h', page)).toHaveLength(100);
    expect(new Set(rotateFor('h', page))).toEqual(new Set(page));
  });

  it('releases first from the companies it holds most of', () => {
    const held = [lease('a', 1), lease('a', 2), lease('a', 3), lease('b', 1), lease('b', 2), lease('c', 1)];
    expect(pickToRelease(held, 3).map((l) => l.companyId)).toEqual(['a', 'a', 'b']);
  });

  it('asks the most loaded host for its excess only, and not a host already asked', () => {
    const live = [host('me', 0), host('x', 100), host('y', 110, 5), host('z', 90)];
    expect(pickDonor(live, { hostId: 'me', held: 0 }, 75)).toEqual({ hostId: 'x', count: 25 });
    expect(pickDonor(live, { hostId: 'me', held: 75 }, 75)).toBeUndefined();
    expect(pickDonor([host('me', 4), host('x', 5)], { hostId: 'me', held: 4 }, 5)).toBeUndefined();
  });
});
