/**
 * The part of an ECS "Task State Change" event (EventBridge, `source: aws.ecs`) the hostwatch area
 * needs, checked at the boundary. The event carries no task env or tags, so a session-host task is
 * recognised by its task-definition family, `<stack>-session-host-<shard>` (manifest
 * `sessionHostTaskFamily`, set by infra/lib/session-host/session-host-construct.ts).
 */
import * as z from '@atende/shared/zod';
import { SESSION_HOST_CONTAINER } from '../../manifest';

const timestamp = z.pipe(
  z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), 'not a timestamp')),
  z.transform((value: string) => new Date(value).toISOString()),
);

const taskStateChangeSchema = z.object({
  'detail-type': z.literal('ECS Task State Change'),
  source: z.literal('aws.ecs'),
  time: timestamp,
  detail: z.object({
    taskArn: z.string().check(z.minLength(1)),
    taskDefinitionArn: z.string().check(z.minLength(1)),
    lastStatus: z.string(),
    stopCode: z.optional(z.string()),
    stoppedReason: z.optional(z.string()),
    stoppingAt: z.optional(timestamp),
    stoppedAt: z.optional(timestamp),
    containers: z._default(z.array(z.object({ name: z.string(), exitCode: z.optional(z.number().check(z.int())) })), []),
  }),
});

export interface StoppedTask {
  /** The task ARN's last segment: names this outage (same task, same event ids). */
  taskId: string;
  /** The session-host shard the task ran; undefined when the task is not a session host. */
  shard: number | undefined;
  stopCode?: string;
  stoppedReason?: string;
  /** When ECS began stopping the task (falls back to `stoppedAt`, then the event time). */
  stoppingAt: string;
  /** When the task had stopped (falls back to the event time). */
  stoppedAt: string;
  /** The session-host container's exit code; undefined when it never ran to an exit (failed to start). */
  hostExitCode: number | undefined;
}

/** The shard of a session-host task definition ARN (`…:task-definition/<prefix><shard>:<revision>`). */
export function shardOfTaskDefinition(taskDefinitionArn: string, familyPrefix: string): number | undefined {
  const family = /:task-definition\/([^:]+):\d+$/.exec(taskDefinitionArn)?.[1];
  if (!family?.startsWith(familyPrefix)) return undefined;
  const shard = family.slice(familyPrefix.length);
  return /^\d+$/.test(shard) ? Number(shard) : undefined;
}

/** A STOPPED task of the event, or undefined for any other status. Throws (zod) on a malformed event. */
export function parseStoppedTask(event: unknown, familyPrefix: string): StoppedTask | undefined {
  const { time, detail } = taskStateChangeSchema.parse(event);
  if (detail.lastStatus !== 'STOPPED') return undefined;
  const stoppedAt = detail.stoppedAt ?? time;
  return {
    taskId: detail.taskArn.split('/').at(-1)!,
    shard: shardOfTaskDefinition(detail.taskDefinitionArn, familyPrefix),
    stopCode: detail.stopCode,
    stoppedReason: detail.stoppedReason,
    stoppingAt: detail.stoppingAt ?? stoppedAt,
    stoppedAt,
    hostExitCode: detail.containers.find((c) => c.name === SESSION_HOST_CONTAINER)?.exitCode,
  };
}
