/**
 * EventBridge rules for the manifest's SCHEDULES (the one-minute tick today; the billing issue adds
 * the daily invoice job to the manifest and its rule appears here without infra changes).
 */
import { Duration } from 'aws-cdk-lib';
import type { IAlarmAction } from 'aws-cdk-lib/aws-cloudwatch';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { SCHEDULES } from '@atende/functions/manifest';
import type { AreaFunctions } from '../functions/area-functions';
import { pascal } from '../names';
import { failedDeliveriesAlarm } from '../observability/rule-alarms';

export class Scheduler extends Construct {
  readonly rules = new Map<string, Rule>();

  constructor(scope: Construct, id: string, props: { functions: AreaFunctions; alarmAction: IAlarmAction }) {
    super(scope, id);
    for (const schedule of SCHEDULES) {
      const rule = new Rule(this, `${pascal(schedule.name)}Rule`, {
        description: `Atende schedule "${schedule.name}" every ${schedule.everyMinutes} min`,
        schedule: Schedule.rate(Duration.minutes(schedule.everyMinutes)),
        targets: [
          new LambdaFunction(props.functions.get(schedule.area), {
            // A tick that could not run within its own period is superseded by the next one, which
            // enqueues everything overdue anyway (due work is indexed by minute).
            maxEventAge: Duration.minutes(Math.max(1, schedule.everyMinutes)),
            retryAttempts: 2,
          }),
        ],
      });
      failedDeliveriesAlarm(this, `${pascal(schedule.name)}FailedDeliveriesAlarm`, rule, props.alarmAction);
      this.rules.set(schedule.name, rule);
    }
  }
}
