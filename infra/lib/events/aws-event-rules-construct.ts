/**
 * EventBridge rules for the manifest's EVENT_RULES: events AWS emits about the product's own
 * resources, each rule narrowed to its resource and delivered to its area's function. Today one: a
 * session-host task stopped (the hostwatch area reports that shard's sessions DISCONNECTED).
 */
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData, type IAlarmAction } from 'aws-cdk-lib/aws-cloudwatch';
import { Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { EVENT_RULES } from '@atende/functions/manifest';
import type { AreaFunctions } from '../functions/area-functions';
import { pascal } from '../names';
import { acknowledge } from '../acknowledge';
import { failedDeliveriesAlarm } from '../observability/rule-alarms';
import type { SessionHost } from '../session-host/session-host-construct';
import type { StageConfig } from '../stage-config';

export interface AwsEventRulesProps {
  functions: AreaFunctions;
  sessionHost: SessionHost;
  stage: StageConfig;
  alarmAction: IAlarmAction;
}

export class AwsEventRules extends Construct {
  readonly rules = new Map<string, Rule>();
  readonly deadLetterQueues = new Map<string, Queue>();

  constructor(scope: Construct, id: string, props: AwsEventRulesProps) {
    super(scope, id);
    for (const spec of EVENT_RULES) {
      const fn = props.functions.get(spec.area);
      const detail: Record<string, unknown> = { ...spec.detail };
      if (spec.cluster === 'session-host') {
        // Only this stack's session-host tasks; the function reads their shard from the task family.
        detail.clusterArn = [props.sessionHost.cluster.clusterArn];
        fn.addEnvironment('SESSION_HOST_TASK_FAMILY_PREFIX', props.sessionHost.taskFamilyPrefix);
      }
      const name = pascal(spec.name);
      // Events EventBridge could not deliver after its retries are kept (and page someone), not dropped.
      const deadLetterQueue = new Queue(this, `${name}DeadLetters`, {
        retentionPeriod: props.stage.deadLetterRetention,
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
      });
      acknowledge(
        deadLetterQueue,
        'SQS3',
        "It is a dead-letter queue itself (EventBridge's, for this rule's target), watched by an alarm.",
      );
      const rule = new Rule(this, `${name}Rule`, {
        description: `Atende event rule "${spec.name}" → ${spec.area}`,
        eventPattern: { source: [spec.source], detailType: [spec.detailType], detail },
        targets: [
          new LambdaFunction(fn, {
            // A late report is still right (it is dated when the task stopped, and older statuses
            // never override newer ones), so keep trying for a while rather than drop it.
            maxEventAge: Duration.hours(2),
            retryAttempts: 10,
            deadLetterQueue,
          }),
        ],
      });
      new Alarm(this, `${name}DeadLettersAlarm`, {
        alarmDescription: `Events of rule ${spec.name} could not be delivered to ${spec.area} and sit in its dead-letter queue`,
        metric: deadLetterQueue.metricApproximateNumberOfMessagesVisible({
          period: Duration.minutes(5),
          statistic: 'Maximum',
        }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(props.alarmAction);
      failedDeliveriesAlarm(this, `${name}FailedDeliveriesAlarm`, rule, props.alarmAction);
      this.rules.set(spec.name, rule);
      this.deadLetterQueues.set(spec.name, deadLetterQueue);
    }
  }
}
