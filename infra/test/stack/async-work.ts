/** Queues, schedules and AWS event rules from the manifest, with their consumers and dead letters. */
import { beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import {
  EVENT_RULES,
  QUEUE_CONSUMERS,
  queueSpecs,
  SCHEDULES,
  sessionHostTaskFamily,
  sessionHostTaskFamilyPrefix,
} from '@atende/functions/manifest';
import { VISIBILITY_PER_TIMEOUT } from '../../lib/functions/area-functions';
import { triggerConcurrency } from '../../lib/functions/queue-concurrency';
import {
  actionsOf,
  deadLetterQueueId,
  idAtPath,
  ofType,
  queueId,
  refsOf,
  statementsOfRole,
} from '../support/cloud-assembly';
import type { CloudAssembly } from '../support/cloud-assembly';
import type { Template } from 'aws-cdk-lib/assertions';
import { stackLookups, type SynthesizedApp, SHARDS } from '../support/synthesized-app';

export function describeAsyncWork(app: SynthesizedApp): void {
  let a: CloudAssembly;
  let main: Template;
  beforeAll(() => {
    a = app.assembly;
    main = app.template;
  });
  const { fnId, fnProps, roleOf, refersTo } = stackLookups(app);

  describe('queues', () => {
    const specs = queueSpecs(SHARDS);

    it.each(specs.map((s) => [s.name, s] as const))('%s has its dead-letter queue and both alarms', (name, spec) => {
      const queue = a.main.Resources[queueId(a, name)]!.Properties!;
      const dlqId = deadLetterQueueId(a, name);
      expect(Boolean(queue.FifoQueue)).toBe(spec.fifo);
      expect(Boolean(a.main.Resources[dlqId]!.Properties!.FifoQueue)).toBe(spec.fifo);
      expect(queue.VisibilityTimeout).toBe(spec.visibilityTimeoutSeconds);
      // FIFO queues in high-throughput mode: limit and deduplication per message group (issue 28 §3)
      expect(queue.FifoThroughputLimit).toBe(spec.fifo ? 'perMessageGroupId' : undefined);
      expect(queue.DeduplicationScope).toBe(spec.fifo ? 'messageGroup' : undefined);
      expect(queue.RedrivePolicy).toEqual({
        deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] },
        maxReceiveCount: spec.maxReceiveCount,
      });

      const alarms = ofType(a.main, 'AWS::CloudWatch::Alarm').map(([, r]) => r.Properties!);
      const on = (metric: string, id: string) =>
        alarms.filter((p) => p.MetricName === metric && refersTo(p.Dimensions, id) && p.AlarmActions?.length);
      expect(on('ApproximateNumberOfMessagesVisible', dlqId)).toHaveLength(1);
      expect(on('ApproximateAgeOfOldestMessage', queueId(a, name))).toHaveLength(1);
    });

    it.each(QUEUE_CONSUMERS.map((c) => [c.queue, c] as const))(
      '%s is consumed by its area with partial batch responses',
      (name, consumer) => {
        main.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
          EventSourceArn: { 'Fn::GetAtt': [queueId(a, name), 'Arn'] },
          FunctionName: { Ref: fnId(consumer.area) },
          BatchSize: consumer.batchSize,
          FunctionResponseTypes: ['ReportBatchItemFailures'],
          ...(consumer.maxBatchingWindowSeconds
            ? { MaximumBatchingWindowInSeconds: consumer.maxBatchingWindowSeconds }
            : {}),
        });
        const visibility = specs.find((s) => s.name === name)!.visibilityTimeoutSeconds;
        // AWS: visibility ≥ 6× the function timeout (+ batching window).
        expect(
          fnProps(consumer.area).Timeout * VISIBILITY_PER_TIMEOUT + (consumer.maxBatchingWindowSeconds ?? 0),
        ).toBeLessThanOrEqual(visibility);
        main.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
          EventSourceArn: { 'Fn::GetAtt': [queueId(a, name), 'Arn'] },
          ScalingConfig: { MaximumConcurrency: triggerConcurrency(name) },
        });
      },
    );
  });

  it.each([
    ['inbound', 'inbound'],
    ['realtime', 'fanout'],
  ] as const)('the %s consumer may set its failed records back in seconds (sqs-retry-backoff.ts)', (queue, area) => {
    const mayOnQueue = (action: string) =>
      statementsOfRole(a.main, roleOf(area)).some(
        (s) => s.Effect === 'Allow' && actionsOf(s).includes(action) && refersTo(s.Resource, queueId(a, queue)),
      );
    expect(mayOnQueue('sqs:ChangeMessageVisibility')).toBe(true);
    expect(mayOnQueue('sqs:GetQueueUrl')).toBe(true);
  });

  describe('scheduler', () => {
    it.each(SCHEDULES.map((s) => [s.name, s] as const))('%s runs its area on its rate', (_name, schedule) => {
      const unit = schedule.everyMinutes === 1 ? 'minute' : 'minutes';
      main.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: `rate(${schedule.everyMinutes} ${unit})`,
        Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId(schedule.area), 'Arn'] } })],
      });
    });
  });

  describe('AWS event rules', () => {
    const clusterId = () => idAtPath(a, 'SessionHost/Cluster');

    it.each(EVENT_RULES.map((r) => [r.name, r] as const))(
      '%s matches its events on the session-host cluster and invokes its area',
      (_name, spec) => {
        main.hasResourceProperties('AWS::Events::Rule', {
          State: 'ENABLED',
          EventPattern: {
            source: [spec.source],
            'detail-type': [spec.detailType],
            detail: { ...spec.detail, clusterArn: [{ 'Fn::GetAtt': [clusterId(), 'Arn'] }] },
          },
          Targets: [
            Match.objectLike({
              Arn: { 'Fn::GetAtt': [fnId(spec.area), 'Arn'] },
              RetryPolicy: Match.objectLike({ MaximumRetryAttempts: Match.anyValue() }),
            }),
          ],
        });
        main.hasResourceProperties('AWS::Lambda::Permission', {
          Action: 'lambda:InvokeFunction',
          Principal: 'events.amazonaws.com',
          FunctionName: { 'Fn::GetAtt': [fnId(spec.area), 'Arn'] },
        });
      },
    );

    it('the task-stopped rule fires on STOPPED tasks only', () => {
      const rule = ofType(a.main, 'AWS::Events::Rule')
        .map(([, r]) => r.Properties!)
        .find((p) => p.EventPattern?.source?.[0] === 'aws.ecs');
      expect(rule!.EventPattern).toEqual({
        source: ['aws.ecs'],
        'detail-type': ['ECS Task State Change'],
        detail: { lastStatus: ['STOPPED'], clusterArn: [{ 'Fn::GetAtt': [clusterId(), 'Arn'] }] },
      });
    });

    it('hostwatch can tell each shard from its task family', () => {
      const families = ofType(a.main, 'AWS::ECS::TaskDefinition')
        .map(([, r]) => r.Properties!.Family)
        .sort();
      expect(families).toEqual(Array.from({ length: SHARDS }, (_, shard) => sessionHostTaskFamily(a.stackName, shard)));
      expect(fnProps('hostwatch').Environment.Variables.SESSION_HOST_TASK_FAMILY_PREFIX).toBe(
        sessionHostTaskFamilyPrefix(a.stackName),
      );
    });

    it('hostwatch may only read shard registries and send to the inbound queue, with no wildcard action', () => {
      const statements = statementsOfRole(a.main, roleOf('hostwatch')).filter((s) => s.Effect === 'Allow');
      const ours = statements.filter((s) => !actionsOf(s).some((x) => x.startsWith('xray:') || x.startsWith('logs:')));
      expect(
        ours.map((s) => ({ actions: actionsOf(s).sort(), resources: [...refsOf(s.Resource)], condition: s.Condition })),
      ).toEqual([
        {
          actions: ['dynamodb:GetItem', 'dynamodb:Query'],
          resources: [idAtPath(a, 'Data/Table')],
          condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['P#SHARD#*'] } },
        },
        { actions: ['sqs:SendMessage'], resources: [queueId(a, 'inbound')], condition: undefined },
      ]);
      expect(statements.flatMap(actionsOf).filter((x) => x.includes('*'))).toEqual([]);
    });
  });
}
