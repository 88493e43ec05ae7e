/** The one-minute tick (EventBridge rule in AWS, a timer in the local runner). */
import { runTick, type TickResult } from '../../domain/scheduler/tick';
import { logger } from '../../platform/logger';

export async function handler(): Promise<TickResult> {
  const result = await runTick();
  if (result.enqueued) logger.info('due work queued', { ...result });
  return result;
}
