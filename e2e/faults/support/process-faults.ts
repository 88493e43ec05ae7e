/**
 * Process faults: the session host killed with SIGKILL (its runner restarts it, as ECS would), and the
 * queue consumers' execution environment ended at once mid-batch (the local platform runs its
 * consumers on one thread of its own process: the thread is terminated — no cleanup, a write in flight
 * may land or not, the delete never happens — and a new one started, like Lambda after a crash).
 */
import { until } from '../../../bench/support/console-client';
import type { FaultPlatform } from './fault-platform';

/** The process faults a run applied (the report counts them). */
export interface ProcessFaultCounts {
  hostKills: number;
  consumerCrashes: number;
  /** Consumer invocations the crashes cut off mid-batch. */
  cutOff: number;
}

/**
 * SIGKILL of the session host (shard 0), then waits until its runner has brought it back and the
 * business's connection is CONNECTED again (without a new QR: the simulator answers nothing to scan).
 * Answers how long the connection was away.
 */
export async function killSessionHost(platform: FaultPlatform): Promise<number> {
  const host = platform.stack.sessionHost;
  const pid = host?.pid(0);
  if (!host || !pid) throw new Error('no session host to kill');
  const killedAt = Date.now();
  process.kill(pid, 'SIGKILL');
  platform.processFaults.hostKills += 1;
  await until(async () => (host.pid(0) && host.pid(0) !== pid ? true : undefined), 60_000, 'the host restarted');
  await host.waitHealthy(60_000);
  await until(
    async () => {
      const { connection } = await platform.sim<{ connection: { status: string } }>(
        'GET',
        `/connections/${platform.connectionId}`,
      );
      return connection.status === 'CONNECTED' ? true : undefined;
    },
    60_000,
    'the connection CONNECTED again after the kill',
  );
  return Date.now() - killedAt;
}

/**
 * Ends the consumer thread while it handles a batch (waits up to 5 s for one to be in flight, so the
 * crash lands between a consumer's writes and its delete) and starts a new one (LocalStack.crashConsumerThread).
 */
export async function crashConsumers(platform: FaultPlatform): Promise<void> {
  const { crashConsumerThread: crash, consumerInvocationsInFlight: inFlight } = platform.stack;
  if (!crash) throw new Error('the stack runs no consumer thread');
  const deadline = Date.now() + 5_000;
  while (inFlight() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
  platform.processFaults.cutOff += await crash();
  platform.processFaults.consumerCrashes += 1;
}

/** Runs `fault` after `delayMs` (the traffic is flowing by then). */
export const after =
  (delayMs: number, fault: (platform: FaultPlatform) => Promise<unknown>) =>
  async (platform: FaultPlatform): Promise<void> => {
    await new Promise((r) => setTimeout(r, delayMs));
    await fault(platform);
  };
