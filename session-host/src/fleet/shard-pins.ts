/**
 * Moving a shard deployment to the fleet (docs/deploy.md "From shards to the fleet"): connections
 * pinned to a shard are listed in that shard's registry (`P#SHARD#<n>`) and have no lease, so no
 * fleet host would ever run them. A fleet host adopts the pins: for every shard whose host is gone
 * (no heartbeat, or a stale one; a shard host that stops gracefully deletes it), each registered
 * connection gets a free lease (owner `-`; an existing lease is left as is) and its pin is deleted;
 * the hosts claim the free leases on their next round. A shard whose host still beats is left for a
 * later pass, so one number never runs on a shard host and a fleet host at once. Idempotent, and safe
 * on several hosts at once (the lease is created only if absent). Runs at boot and then every minute
 * until no pin is left (a fleet that never had shards finds 32 empty partitions once).
 */
import {
  createFreeLease,
  deleteShardSession,
  getShardHost,
  listShardSessions,
  MAX_SESSION_SHARDS,
  type TableRef,
} from '@atende/functions/shared-surface';
import type { Logger } from '../logger';

export const PIN_PASS_INTERVAL_MS = 60_000;

export interface PinPass {
  /** Pins turned into free leases. */
  adopted: number;
  /** Shards whose host still beats: their pins wait for the next pass. */
  waiting: number;
}

export async function adoptShardPins(table: TableRef, now: number = Date.now()): Promise<PinPass> {
  const pass: PinPass = { adopted: 0, waiting: 0 };
  for (let shard = 0; shard < MAX_SESSION_SHARDS; shard++) {
    const sessions = await listShardSessions(shard, table);
    if (sessions.length === 0) continue;
    const host = await getShardHost(shard, table);
    if (host && Date.parse(host.aliveAt) + host.staleAfterSeconds * 1000 > now) {
      pass.waiting += 1;
      continue;
    }
    for (const session of sessions) {
      await createFreeLease(session, table);
      await deleteShardSession(shard, session, table);
      pass.adopted += 1;
    }
  }
  return pass;
}

/** Runs `adoptShardPins` at start and every minute while some shard host still beats. */
export class ShardPinAdopter {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly table: TableRef,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    if (await this.pass()) return;
    this.timer = setInterval(() => {
      void this.pass().then((done) => {
        if (done) clearInterval(this.timer);
      });
    }, PIN_PASS_INTERVAL_MS);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** True when no shard pin is left to wait for. */
  private async pass(): Promise<boolean> {
    try {
      const pass = await adoptShardPins(this.table);
      if (pass.adopted || pass.waiting) this.log.info(pass, 'shard pins adopted by the fleet');
      return pass.waiting === 0;
    } catch (err) {
      this.log.warn({ err }, 'shard pins not adopted; retrying in a minute');
      return false;
    }
  }
}
