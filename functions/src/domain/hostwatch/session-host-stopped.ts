/**
 * A session-host task stopped (ECS, via EventBridge): report its shard's sessions DISCONNECTED,
 * unless someone else already tells the truth about them. Two cases do:
 *
 * - The host stopped gracefully: the container exited 0, which `session-host/src/main.ts` does only
 *   after `host.stop()` has published DISCONNECTED for every session (and deleted its heartbeat).
 *   A deployment stops the old task this way. The stop reason text ("Scaling activity initiated by
 *   (deployment …)") is not relied on: a deployment whose old host hung and was SIGKILLed published
 *   nothing, and its sessions really are down until the new task resumes them.
 * - A newer host already runs the shard: its heartbeat (`P#SHARD#<n>`/`HOST`) says it started after
 *   this task began stopping and is still fresh; it has published OPENING/CONNECTED itself.
 *
 * Everything else is reported, dated `stoppedAt`, with event ids named after the task: EventBridge
 * delivers at least once, and a repeat carries the same dedup ids (SQS drops it within 5 minutes; later
 * the inbound worker re-applies the same status). A report arriving after a replacement host published
 * its own statuses is older than them, and the inbound worker ignores older statuses.
 */
import { getShardHost, type ShardHostHeartbeat } from '../../data/shard-registry';
import { reportShardDisconnected } from '../connections/report-shard-down';
import type { StoppedTask } from './stopped-task';

export type SkipReason = 'not a session-host task' | 'stopped gracefully' | 'replacement host running';

export type TaskStoppedOutcome =
  { taskId: string; shard?: number; skipped: SkipReason } | { taskId: string; shard: number; reported: number };

/** The channel event's `reason` is at most 500 characters. */
const MAX_REASON = 500;

/** True when the heartbeat belongs to a host started after `task` began stopping and beating still. */
export function isReplacementAlive(task: StoppedTask, heartbeat: ShardHostHeartbeat | undefined, now = Date.now()): boolean {
  if (!heartbeat) return false;
  const startedAfterStop = Date.parse(heartbeat.startedAt) > Date.parse(task.stoppingAt);
  const fresh = now - Date.parse(heartbeat.aliveAt) <= heartbeat.staleAfterSeconds * 1000;
  return startedAfterStop && fresh;
}

export async function handleSessionHostStopped(task: StoppedTask): Promise<TaskStoppedOutcome> {
  const { taskId, shard } = task;
  if (shard === undefined) return { taskId, skipped: 'not a session-host task' };
  if (task.hostExitCode === 0) return { taskId, shard, skipped: 'stopped gracefully' };
  if (isReplacementAlive(task, await getShardHost(shard))) return { taskId, shard, skipped: 'replacement host running' };

  const why = [task.stopCode, task.stoppedReason].filter(Boolean).join(': ') || 'unknown reason';
  const reported = await reportShardDisconnected({
    shard,
    reason: `session host task ${taskId} stopped (${why})`.slice(0, MAX_REASON),
    occurredAt: task.stoppedAt,
    outageId: taskId,
  });
  return { taskId, shard, reported };
}
