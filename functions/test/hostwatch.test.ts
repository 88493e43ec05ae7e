/**
 * hostwatch: an ECS task-stopped event of a session-host shard → DISCONNECTED for that shard's
 * sessions on the inbound queue, once per outage, and nothing when the host already told the truth
 * (graceful stop) or a newer host runs the shard. Against DynamoDB Local and fauxqs.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { ChannelEvent, ConnectionDto } from '@atende/shared';
import { ddb, tableName } from '../src/data/client';
import { shardHostItem, shardSessionItem, type ShardSession } from '../src/data/shard-registry';
import { shardOfTaskDefinition } from '../src/domain/hostwatch/stopped-task';
import { handler as hostwatch } from '../src/handlers/hostwatch/index';
import { handler as inbound } from '../src/handlers/inbound/index';
import { sessionHostTaskFamily, sessionHostTaskFamilyPrefix } from '../src/manifest';
import { logger } from '../src/platform/logger';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { sqsEvent, useLocalQueues, type TakenMessage } from './support/local-queues';
import { createTestTenant } from './support/tenancy-fixtures';

const STACK = 'Atende-test';
let queues: Awaited<ReturnType<typeof useLocalQueues>>;
/** Each test registers its own sessions on a shard of its own, so tests never see each other's. */
let nextShard = 10;

beforeAll(async () => {
  await useFreshTable();
  logger.setLogLevel('SILENT');
  queues = await useLocalQueues(2);
  process.env.SESSION_HOST_TASK_FAMILY_PREFIX = sessionHostTaskFamilyPrefix(STACK);
});
afterAll(async () => {
  await queues?.stop();
});

const put = (item: Record<string, unknown>) => ddb().send(new PutCommand({ TableName: tableName(), Item: item }));

async function registerSessions(shard: number, count: number, companyId = `c-${ulid()}`): Promise<ShardSession[]> {
  const sessions = Array.from({ length: count }, (): ShardSession => ({
    companyId,
    connectionId: ulid(),
    adapter: 'baileys',
    registeredAt: new Date().toISOString(),
  }));
  for (const session of sessions) await put(shardSessionItem(shard, session));
  return sessions;
}

interface TaskEventOptions {
  shard: number;
  taskId?: string;
  exitCode?: number;
  stopCode?: string;
  stoppedReason?: string;
  stoppingAt?: string;
  stoppedAt?: string;
  family?: string;
}

/** An ECS "Task State Change" event as EventBridge delivers it, trimmed to realistic fields. */
function taskStopped(o: TaskEventOptions) {
  const taskId = o.taskId ?? ulid().toLowerCase();
  const family = o.family ?? sessionHostTaskFamily(STACK, o.shard);
  return {
    version: '0',
    id: ulid(),
    'detail-type': 'ECS Task State Change',
    source: 'aws.ecs',
    account: '123456789012',
    time: new Date().toISOString(),
    region: 'us-east-1',
    resources: [`arn:aws:ecs:us-east-1:123456789012:task/atende/${taskId}`],
    detail: {
      clusterArn: 'arn:aws:ecs:us-east-1:123456789012:cluster/atende',
      taskArn: `arn:aws:ecs:us-east-1:123456789012:task/atende/${taskId}`,
      taskDefinitionArn: `arn:aws:ecs:us-east-1:123456789012:task-definition/${family}:7`,
      group: `service:${STACK}-SessionHostShard${o.shard}Service`,
      lastStatus: 'STOPPED',
      desiredStatus: 'STOPPED',
      stopCode: o.stopCode ?? 'EssentialContainerExited',
      stoppedReason: o.stoppedReason ?? 'Essential container in task exited',
      stoppingAt: o.stoppingAt ?? '2026-03-02T10:00:00.000Z',
      stoppedAt: o.stoppedAt ?? '2026-03-02T10:00:05.000Z',
      containers: [
        { name: 'SessionHost', lastStatus: 'STOPPED', ...(o.exitCode === undefined ? {} : { exitCode: o.exitCode }) },
      ],
    },
  };
}

const inboundEvents = async () => await queues.take<ChannelEvent>('inbound');
const connectionIds = (taken: TakenMessage<ChannelEvent>[]) => taken.map((m) => m.body.connectionId).sort();

describe('a session-host task stopped hard', () => {
  it('publishes DISCONNECTED for exactly that shard’s sessions, dated when the task stopped', async () => {
    // Arrange
    const shard = nextShard++;
    const onShard = await registerSessions(shard, 3);
    await registerSessions(shard + 100, 2); // another shard: must stay untouched
    const event = taskStopped({
      shard,
      taskId: 'a1b2c3',
      exitCode: 137,
      stoppedReason: 'OutOfMemoryError: Container killed due to memory usage',
    });

    // Act
    const outcome = await hostwatch(event);
    const taken = await inboundEvents();

    // Assert
    expect(outcome).toEqual({ taskId: 'a1b2c3', shard, reported: 3 });
    expect(connectionIds(taken)).toEqual(onShard.map((s) => s.connectionId).sort());
    for (const { body, groupId, deduplicationId } of taken) {
      expect(body).toMatchObject({
        type: 'connection.status',
        status: 'DISCONNECTED',
        companyId: onShard[0]!.companyId,
        occurredAt: '2026-03-02T10:00:05.000Z',
        eventId: `status:${body.connectionId}:DISCONNECTED:a1b2c3`,
      });
      expect((body as { reason: string }).reason).toContain('OutOfMemoryError');
      expect(groupId).toBe(body.connectionId);
      expect(deduplicationId).toBe(body.eventId);
    }
  });

  it('the same event delivered twice gives the same dedup ids, so the queue holds each status once', async () => {
    const shard = nextShard++;
    await registerSessions(shard, 2);
    const event = taskStopped({ shard, exitCode: 1 });

    await hostwatch(event);
    const first = await inboundEvents();
    await hostwatch(structuredClone(event));
    const second = await inboundEvents();

    expect(first.map((m) => m.deduplicationId).sort()).toEqual(
      first.map((m) => `status:${m.body.connectionId}:DISCONNECTED:${event.detail.taskArn.split('/').at(-1)}`).sort(),
    );
    expect(first).toHaveLength(2);
    expect(second).toEqual([]); // SQS dropped the repeat: same MessageDeduplicationId
  });

  it('a task that never started its container is reported too', async () => {
    const shard = nextShard++;
    await registerSessions(shard, 1);

    const outcome = await hostwatch(
      taskStopped({ shard, stopCode: 'TaskFailedToStart', stoppedReason: 'CannotPullContainerError' }),
    );

    expect(outcome).toMatchObject({ reported: 1 });
    expect(await inboundEvents()).toHaveLength(1);
  });
});

describe('when the host already told the truth', () => {
  it('skips a deployment replacement: the old host stopped gracefully (exit 0) and published its own DISCONNECTED', async () => {
    const shard = nextShard++;
    await registerSessions(shard, 2);
    const event = taskStopped({
      shard,
      exitCode: 0,
      stopCode: 'ServiceSchedulerInitiated',
      stoppedReason: 'Scaling activity initiated by (deployment ecs-svc/1234567890123456789)',
    });

    const outcome = await hostwatch(event);

    expect(outcome).toEqual({ taskId: expect.any(String), shard, skipped: 'stopped gracefully' });
    expect(await inboundEvents()).toEqual([]);
  });

  it('still reports a deployment whose old host hung and was killed (exit 137): nobody published for it', async () => {
    const shard = nextShard++;
    await registerSessions(shard, 1);

    const outcome = await hostwatch(
      taskStopped({
        shard,
        exitCode: 137,
        stopCode: 'ServiceSchedulerInitiated',
        stoppedReason: 'Scaling activity initiated by (deployment ecs-svc/1234567890123456789)',
      }),
    );

    expect(outcome).toMatchObject({ reported: 1 });
    expect(await inboundEvents()).toHaveLength(1);
  });

  it('skips when a newer host already beats for the shard (event delivered late)', async () => {
    const shard = nextShard++;
    await registerSessions(shard, 2);
    const stoppingAt = new Date(Date.now() - 60_000).toISOString();
    await put(
      shardHostItem(shard, {
        hostId: 'replacement',
        startedAt: new Date(Date.now() - 30_000).toISOString(),
        aliveAt: new Date().toISOString(),
        staleAfterSeconds: 90,
        sessions: 2,
        connected: 2,
      }),
    );

    const outcome = await hostwatch(taskStopped({ shard, exitCode: 137, stoppingAt, stoppedAt: stoppingAt }));

    expect(outcome).toMatchObject({ skipped: 'replacement host running' });
    expect(await inboundEvents()).toEqual([]);
  });

  it('reports when the heartbeat left behind is the dead host’s own (started before the stop)', async () => {
    const shard = nextShard++;
    await registerSessions(shard, 1);
    const stoppingAt = new Date(Date.now() - 5_000).toISOString();
    await put(
      shardHostItem(shard, {
        hostId: 'the-dead-one',
        startedAt: new Date(Date.now() - 3_600_000).toISOString(),
        aliveAt: new Date(Date.now() - 10_000).toISOString(),
        staleAfterSeconds: 90,
        sessions: 1,
        connected: 1,
      }),
    );

    const outcome = await hostwatch(taskStopped({ shard, exitCode: 137, stoppingAt, stoppedAt: stoppingAt }));

    expect(outcome).toMatchObject({ reported: 1 });
    expect(await inboundEvents()).toHaveLength(1);
  });
});

describe('other events', () => {
  it('ignores tasks that are not session hosts and events that are not STOPPED', async () => {
    const shard = nextShard++;
    await registerSessions(shard, 1);

    const foreign = await hostwatch(taskStopped({ shard, exitCode: 1, family: 'someone-else-worker' }));
    const running = await hostwatch({
      ...taskStopped({ shard }),
      detail: { ...taskStopped({ shard }).detail, lastStatus: 'RUNNING' },
    });
    const garbage = await hostwatch({ source: 'aws.ecs', detail: {} });

    expect(foreign).toMatchObject({ skipped: 'not a session-host task' });
    expect([running, garbage]).toEqual([undefined, undefined]);
    expect(await inboundEvents()).toEqual([]);
  });

  it('reads the shard from the task-definition family only with the stack’s prefix', () => {
    const prefix = sessionHostTaskFamilyPrefix(STACK);
    const arn = (family: string) => `arn:aws:ecs:us-east-1:1:task-definition/${family}:12`;
    expect(shardOfTaskDefinition(arn(sessionHostTaskFamily(STACK, 3)), prefix)).toBe(3);
    expect(shardOfTaskDefinition(arn('Atende-prod-session-host-3'), prefix)).toBeUndefined();
    expect(shardOfTaskDefinition(arn(`${prefix}x`), prefix)).toBeUndefined();
    expect(shardOfTaskDefinition('not-an-arn', prefix)).toBeUndefined();
  });
});

describe('through the inbound worker', () => {
  it('marks the connection DISCONNECTED, and a late repeat never undoes the replacement host’s CONNECTED', async () => {
    // Arrange: a real connection, registered on its shard as the session host does.
    const t = await createTestTenant();
    const created: ConnectionDto = (
      await apiCall('whatsapp', 'POST', '/whatsapp', { token: t.admin.token, body: { name: 'Loja' } })
    ).body;
    await queues.take('outbound-0');
    await queues.take('outbound-1');
    const shard = nextShard++;
    await put(
      shardSessionItem(shard, {
        companyId: t.company.id,
        connectionId: created.id,
        adapter: 'baileys',
        registeredAt: new Date().toISOString(),
      }),
    );
    const stoppedAt = new Date(Date.now() - 10_000).toISOString();
    const deliver = (bodies: unknown[]) =>
      inbound(sqsEvent(bodies.map((b) => ({ body: JSON.stringify(b), groupId: created.id }))));
    const statusNow = async () =>
      (await apiCall('whatsapp', 'GET', '/whatsapp/{id}', { token: t.admin.token, pathParameters: { id: created.id } })).body
        .status;

    // Act 1: the task dies; hostwatch reports; the inbound worker applies it.
    await hostwatch(taskStopped({ shard, exitCode: 137, stoppingAt: stoppedAt, stoppedAt }));
    const reported = (await inboundEvents()).map((m) => m.body);
    await deliver(reported);
    const afterReport = await statusNow();

    // Act 2: the replacement host connects; then the same report arrives again, late.
    await deliver([
      {
        type: 'connection.status',
        status: 'CONNECTED',
        eventId: ulid(),
        companyId: t.company.id,
        connectionId: created.id,
        occurredAt: new Date().toISOString(),
      },
    ]);
    await deliver(reported);

    // Assert
    expect(reported).toHaveLength(1);
    expect(created.status).toBe('OPENING');
    expect(afterReport).toBe('DISCONNECTED');
    expect(await statusNow()).toBe('CONNECTED');
  });
});
