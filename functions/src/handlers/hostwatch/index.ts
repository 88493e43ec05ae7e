/**
 * hostwatch: ECS task-stopped events of the session-host cluster (EventBridge rule from the manifest's
 * EVENT_RULES). Reports a dead shard's sessions DISCONNECTED when the host could not.
 */
import { handleSessionHostStopped, type TaskStoppedOutcome } from '../../domain/hostwatch/session-host-stopped';
import { parseStoppedTask } from '../../domain/hostwatch/stopped-task';
import { logger } from '../../platform/logger';

export async function handler(event: unknown): Promise<TaskStoppedOutcome | undefined> {
  const familyPrefix = process.env.SESSION_HOST_TASK_FAMILY_PREFIX;
  if (!familyPrefix) throw new Error('SESSION_HOST_TASK_FAMILY_PREFIX is not set');
  let task;
  try {
    task = parseStoppedTask(event, familyPrefix);
  } catch (err) {
    // Not an ECS task event we understand: retrying it would not help.
    logger.error('unreadable ECS task event dropped', { err });
    return undefined;
  }
  if (!task) return undefined;
  const outcome = await handleSessionHostStopped(task);
  logger.info('session host task stopped', { ...outcome, stopCode: task.stopCode, stoppedReason: task.stoppedReason });
  return outcome;
}
