/**
 * EventBridge rules for the manifest's EVENT_RULES: events AWS emits about the product's own
 * resources, each rule narrowed to its resource and delivered to its area's function. Today one: a
 * session-host task stopped (the hostwatch area reports that shard's sessions DISCONNECTED).
 */
import { Duration } from 'aws-cdk-lib';
import { Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { EVENT_RULES } from '@atende/functions/manifest';
import type { AreaFunctions } from '../functions/area-functions';
import { pascal } from '../names';
import type { SessionHost } from '../session-host/session-host-construct';

export interface AwsEventRulesProps {
  functions: AreaFunctions;
  sessionHost: SessionHost;
}

export class AwsEventRules extends Construct {
  readonly rules = new Map<string, Rule>();

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
      const rule = new Rule(this, `${pascal(spec.name)}Rule`, {
        description: `Atende event rule "${spec.name}" → ${spec.area}`,
        eventPattern: { source: [spec.source], detailType: [spec.detailType], detail },
        targets: [new LambdaFunction(fn, {
          // A late report is still right (it is dated when the task stopped, and older statuses
          // never override newer ones), so keep trying for a while rather than drop it.
          maxEventAge: Duration.hours(2),
          retryAttempts: 10,
        })],
      });
      this.rules.set(spec.name, rule);
    }
  }
}
