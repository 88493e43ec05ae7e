/**
 * The fleet's pure choices (no I/O), so they are tested on their own: how many connections a host
 * should hold, which to claim and which to give back so one company's connections spread over the
 * hosts, and whom to ask for connections when the orphans are gone.
 */
import { createHash } from 'node:crypto';
import type { ConnectionLease, HostLease } from '@atende/functions/shared-surface';

/**
 * How many connections a host should hold: the level that spreads what runs and what waits over the
 * live hosts evenly, each host holding at most its cap (hosts with a small cap leave more to others).
 */
export function fairShare(input: { caps: number[]; total: number; cap: number }): number {
  const capacity = input.caps.reduce((sum, cap) => sum + cap, 0);
  if (input.caps.length === 0 || input.total >= capacity) return input.cap;
  let level = Math.ceil(input.total / input.caps.length);
  while (input.caps.reduce((sum, cap) => sum + Math.min(cap, level), 0) < input.total) level += 1;
  return Math.min(input.cap, level);
}

const countByCompany = (held: Iterable<{ companyId: string }>): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const lease of held) counts.set(lease.companyId, (counts.get(lease.companyId) ?? 0) + 1);
  return counts;
};

/** A host's fixed, well-spread place in a candidate list. */
const placeOf = (hostId: string): number => createHash('sha256').update(hostId).digest().readUInt32BE(0);

/**
 * The candidates rotated to start at the host's own offset. Every host reads the same page of orphans
 * in the same order; without this, ties in `pickToClaim` send all of them after the same first few
 * items, so only one claim per item wins per round and a failover at 200 hosts drags on for minutes
 * (docs/deploy.md "Claims at 200 hosts").
 */
export function rotateFor<T>(hostId: string, candidates: T[]): T[] {
  if (candidates.length < 2) return [...candidates];
  const offset = placeOf(hostId) % candidates.length;
  return [...candidates.slice(offset), ...candidates.slice(0, offset)];
}

/** Up to `count` candidates, taking first from the companies this host holds least of (round-robin). */
export function pickToClaim<T extends { companyId: string }>(
  candidates: T[],
  held: Iterable<{ companyId: string }>,
  count: number,
): T[] {
  const counts = countByCompany(held);
  const pool = [...candidates];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0) {
    let best = 0;
    for (let i = 1; i < pool.length; i++) {
      if ((counts.get(pool[i]!.companyId) ?? 0) < (counts.get(pool[best]!.companyId) ?? 0)) best = i;
    }
    const [chosen] = pool.splice(best, 1);
    picked.push(chosen!);
    counts.set(chosen!.companyId, (counts.get(chosen!.companyId) ?? 0) + 1);
  }
  return picked;
}

/** Up to `count` held connections to give back, from the companies this host holds most of. */
export function pickToRelease(held: ConnectionLease[], count: number): ConnectionLease[] {
  const counts = countByCompany(held);
  const pool = [...held];
  const picked: ConnectionLease[] = [];
  while (picked.length < count && pool.length > 0) {
    let best = 0;
    for (let i = 1; i < pool.length; i++) {
      if ((counts.get(pool[i]!.companyId) ?? 0) > (counts.get(pool[best]!.companyId) ?? 0)) best = i;
    }
    const [chosen] = pool.splice(best, 1);
    picked.push(chosen!);
    counts.set(chosen!.companyId, (counts.get(chosen!.companyId) ?? 0) - 1);
  }
  return picked;
}

/**
 * When nothing is left to claim and this host holds fewer than its share: the most loaded other
 * live host and how many to ask it for (never so many that it drops below the share).
 */
export function pickDonor(
  live: HostLease[],
  self: { hostId: string; held: number },
  share: number,
): { hostId: string; count: number } | undefined {
  const deficit = share - self.held;
  if (deficit <= 0) return undefined;
  let donor: HostLease | undefined;
  for (const host of live) {
    if (host.hostId === self.hostId || host.releaseWanted > 0) continue;
    if (!donor || host.sessions > donor.sessions) donor = host;
  }
  // Moving one connection between hosts one apart only swaps who is heavier.
  if (!donor || donor.sessions - self.held < 2) return undefined;
  const count = Math.min(deficit, donor.sessions - share, Math.floor((donor.sessions - self.held) / 2));
  return count > 0 ? { hostId: donor.hostId, count } : undefined;
}
