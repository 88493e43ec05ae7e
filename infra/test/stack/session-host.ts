/** The session host: one Fargate service per shard, sized from measured memory. */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SESSION_HOST_TABLE_ACTIONS,
  SESSION_HOST_TASK,
  sessionHostLeadingKeys,
} from '../../lib/session-host/session-host-construct';
import { actionsOf, idAtPath, ofType, queueId, refsOf, statementsOfRole } from '../support/cloud-assembly';
import type { CloudAssembly } from '../support/cloud-assembly';
import { type SynthesizedApp, SHARDS } from '../support/synthesized-app';

export function describeSessionHost(app: SynthesizedApp): void {
  let a: CloudAssembly;
  beforeAll(() => {
    a = app.assembly;
  });

  describe('session host', () => {
    const taskDefinitions = () => ofType(a.main, 'AWS::ECS::TaskDefinition').map(([, r]) => r.Properties!);
    const containerEnv = (task: Record<string, any>) =>
      Object.fromEntries(
        task.ContainerDefinitions[0].Environment.map((e: { Name: string; Value: unknown }) => [e.Name, e.Value]),
      );

    it('runs one Fargate Spot service per shard, one task at a time, restarted when unhealthy, sized from measured memory', () => {
      const services = ofType(a.main, 'AWS::ECS::Service').map(([, r]) => r.Properties!);
      expect(services).toHaveLength(SHARDS);
      for (const service of services) {
        expect(service).toMatchObject({
          CapacityProviderStrategy: [{ CapacityProvider: 'FARGATE_SPOT', Weight: 1 }],
          DesiredCount: 1,
          DeploymentConfiguration: {
            MinimumHealthyPercent: 0,
            MaximumPercent: 100,
            DeploymentCircuitBreaker: { Enable: true, Rollback: true },
          },
        });
      }
      for (const task of taskDefinitions()) {
        expect(task).toMatchObject({ Cpu: String(SESSION_HOST_TASK.cpu), Memory: String(SESSION_HOST_TASK.memoryMiB) });
        expect(task.RuntimePlatform).toEqual({ CpuArchitecture: 'ARM64', OperatingSystemFamily: 'LINUX' });
        expect(task.ContainerDefinitions[0].HealthCheck.Command[1]).toContain('/health');
        expect(task.ContainerDefinitions[0].LogConfiguration.LogDriver).toBe('awslogs');
      }
      expect(
        taskDefinitions()
          .map((t) => containerEnv(t).SHARD)
          .sort(),
      ).toEqual(['0', '1']);
    });

    it.each([0, 1])(
      'shard %i task role reaches only its queue, the inbound queue, media and its own table items',
      (shard) => {
        const task = taskDefinitions().find((t) => containerEnv(t).SHARD === String(shard))!;
        expect(containerEnv(task)).toMatchObject({ ADAPTER: 'baileys', HEALTH_PORT: '8080' });
        // The shard count is not in a task's environment: adding a shard must not touch this task.
        expect(containerEnv(task).SESSION_SHARDS).toBeUndefined();
        const roleId = [...refsOf(task.TaskRoleArn)][0]!;
        const statements = statementsOfRole(a.main, roleId).map((s) => ({
          actions: actionsOf(s).sort(),
          resources: [...refsOf(s.Resource)].sort(),
          condition: s.Condition,
        }));
        expect(statements).toEqual(
          expect.arrayContaining([
            {
              actions: ['sqs:ChangeMessageVisibility', 'sqs:DeleteMessage', 'sqs:ReceiveMessage'],
              resources: [queueId(a, `outbound-${shard}`)],
              condition: undefined,
            },
            { actions: ['sqs:SendMessage'], resources: [queueId(a, 'inbound')], condition: undefined },
            {
              actions: ['s3:GetObject', 's3:PutObject'],
              resources: [idAtPath(a, 'Data/MediaBucket')],
              condition: undefined,
            },
            {
              actions: [...SESSION_HOST_TABLE_ACTIONS].sort(),
              resources: [idAtPath(a, 'Data/Table')],
              condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': sessionHostLeadingKeys(shard) } },
            },
          ]),
        );
        expect(statements).toHaveLength(4);
        expect(sessionHostLeadingKeys(shard)).toEqual(['C#*#WAAUTH#*', `P#SHARD#${shard}`]);
      },
    );
  });
}
