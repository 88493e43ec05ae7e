import type { ConnectionLease, HostLease } from '@atende/functions/shared-surface';
import { describe, expect, it } from 'vitest';
import { fairShare, pickDonor, pickToClaim, pickToRelease } from '../src/fleet/fleet-choice';

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
