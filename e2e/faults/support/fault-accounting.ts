/**
 * What a scenario injected and left behind, counted from a baseline taken before its faults: the
 * DynamoDB calls and the session host's SQS calls failed, the SQS records redelivered, kept or expired, the process faults, and — once
 * it is calm again — how long the work queues took to drain and what reached a dead-letter queue.
 */
import type { FaultPlatform } from './fault-platform';
import type { FaultProxy } from './fault-proxy';
import type { ProcessFaultCounts } from './process-faults';
import { deadLetterSamples, queueDepths, total } from './queue-depths';

export interface Injected extends ProcessFaultCounts {
  dynamodb: number;
  dynamodbAfter: number;
  dynamodbCalls: number;
  /** The session host's SQS calls failed (of them, after SQS applied the call), of all it made. */
  hostSqs: number;
  hostSqsAfter: number;
  hostSqsCalls: number;
  redelivered: number;
  kept: number;
  expired: number;
  /** Whole-platform SIGKILLs and restarts (restart-scenario.ts). */
  platformKills?: number;
}

export interface Baseline {
  deadBefore: Record<string, number>;
  delivered: FaultPlatform['deliveryFaultCounts'];
  processes: ProcessFaultCounts;
}

/** Taken with the platform calm, right before the scenario's faults (resets the proxy's counts). */
export async function takeBaseline(platform: FaultPlatform): Promise<Baseline> {
  const deadBefore = (await queueDepths(platform.stack)).deadLettered;
  platform.dynamodb.resetStats();
  platform.hostSqs.resetStats();
  return { deadBefore, delivered: { ...platform.deliveryFaultCounts }, processes: { ...platform.processFaults } };
}

/** The faults injected since the baseline (read before calming: calm() does not reset them). */
export function injectedSince(platform: FaultPlatform, base: Baseline): Injected {
  const dynamodb = proxyFaults(platform.dynamodb);
  const hostSqs = proxyFaults(platform.hostSqs);
  const since = <K extends string>(now: Record<K, number>, before: Record<K, number>, key: K) => now[key] - before[key];
  return {
    dynamodbCalls: dynamodb.calls,
    dynamodb: dynamodb.faults,
    dynamodbAfter: dynamodb.after,
    hostSqsCalls: hostSqs.calls,
    hostSqs: hostSqs.faults,
    hostSqsAfter: hostSqs.after,
    redelivered: since(platform.deliveryFaultCounts, base.delivered, 'duplicate'),
    kept: since(platform.deliveryFaultCounts, base.delivered, 'kept'),
    expired: since(platform.deliveryFaultCounts, base.delivered, 'expired'),
    hostKills: since(platform.processFaults, base.processes, 'hostKills'),
    consumerCrashes: since(platform.processFaults, base.processes, 'consumerCrashes'),
    cutOff: since(platform.processFaults, base.processes, 'cutOff'),
  };
}

/** A fault proxy's calls, faults and faults after the call was applied, since its last reset. */
function proxyFaults(proxy: FaultProxy): { calls: number; faults: number; after: number } {
  const stats = Object.values(proxy.stats());
  return {
    calls: stats.reduce((n, s) => n + s.calls, 0),
    faults: stats.reduce((n, s) => n + Object.values(s.faults).reduce((a, b) => a + (b ?? 0), 0), 0),
    after: stats.reduce((n, s) => n + s.after, 0),
  };
}

/**
 * Calms the platform, then waits (up to 30 s) for every work queue to drain; answers how long that
 * took (undefined: not within the limit) and what was dead-lettered since the baseline (each printed).
 */
export async function settle(
  platform: FaultPlatform,
  base: Baseline,
  scenario: string,
): Promise<{ drainedMs: number | undefined; deadLettered: Record<string, number> }> {
  platform.calm(); // the judgement's own reads run clean
  const calmAt = Date.now();
  let drainedMs: number | undefined;
  while (drainedMs === undefined && Date.now() - calmAt < 30_000) {
    const drained = await queueDepths(platform.stack)
      .then((d) => total(d.pending) === 0)
      .catch(() => false);
    if (drained) drainedMs = Date.now() - calmAt;
    else await new Promise((r) => setTimeout(r, 250));
  }
  const after = await queueDepths(platform.stack);
  if (drainedMs === undefined) console.log(`${scenario}: not drained after 30 s: ${JSON.stringify(after.pending)}`);
  const deadAfter = after.deadLettered;
  const deadLettered = Object.fromEntries(
    Object.entries(deadAfter)
      .map(([queue, n]) => [queue, n - (base.deadBefore[queue] ?? 0)] as const)
      .filter(([, n]) => n > 0),
  );
  for (const line of await deadLetterSamples(platform.stack, Object.keys(deadLettered)))
    console.log(`${scenario}: dead-lettered ${line}`);
  return { drainedMs, deadLettered };
}
