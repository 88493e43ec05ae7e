/** An EventBridge rule whose target could not be invoked (after its retries) pages someone. */
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData, type IAlarmAction } from 'aws-cdk-lib/aws-cloudwatch';
import type { Rule } from 'aws-cdk-lib/aws-events';
import type { Construct } from 'constructs';

export function failedDeliveriesAlarm(scope: Construct, id: string, rule: Rule, action: IAlarmAction): Alarm {
  const alarm = new Alarm(scope, id, {
    alarmDescription: `EventBridge could not deliver events of rule ${rule.node.id} to its target`,
    metric: new Metric({
      namespace: 'AWS/Events',
      metricName: 'FailedInvocations',
      dimensionsMap: { RuleName: rule.ruleName },
      statistic: 'Sum',
      period: Duration.minutes(5),
    }),
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  alarm.addAlarmAction(action);
  return alarm;
}
