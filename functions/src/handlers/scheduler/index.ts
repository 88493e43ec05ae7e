/**
 * The one-minute tick (EventBridge rule in AWS, a timer in the local runner): due work to the dispatch
 * queue, and the session-host fleet's dead hosts reported (domain/connections/fleet-down.ts). Each
 * runs even when the other fails; the invocation fails after both if either did.
 */
import { reportDeadFleetHosts, type FleetDownResult } from '../../domain/connections/fleet-down';
import { runTick, type TickResult } from '../../domain/scheduler/tick';
import { logger } from '../../platform/logger';

export async function handler(): Promise<TickResult & { fleetDown?: FleetDownResult }> {
  const [tick, fleetDown] = await Promise.allSettled([runTick(), reportDeadFleetHosts()]);
  if (fleetDown.status === 'fulfilled' && fleetDown.value.reported)
    logger.warn('dead session hosts reported', { ...fleetDown.value });
  if (tick.status === 'rejected') throw tick.reason;
  if (fleetDown.status === 'rejected') throw fleetDown.reason;
  if (tick.value.enqueued) logger.info('due work queued', { ...tick.value });
  return { ...tick.value, fleetDown: fleetDown.value };
}
