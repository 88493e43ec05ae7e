/**
 * The operations dashboard (API latency and errors, functions, queue depth and age, session host)
 * and the alarms that are not owned by another construct (function errors, API 5xx).
 */
import { Duration } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { WebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IAlarmAction,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { Construct } from 'constructs';
import type { AreaFunctions } from '../functions/area-functions';
import type { Queues } from '../queues/queues-construct';
import { CONNECTIONS_METRIC, type SessionHost } from '../session-host/session-host-construct';
import type { StageConfig } from '../stage-config';

export interface DashboardProps {
  stage: StageConfig;
  restApi: RestApi;
  realtimeApi: WebSocketApi;
  functions: AreaFunctions;
  queues: Queues;
  sessionHost: SessionHost;
  sessionShards: number;
  alarmAction: IAlarmAction;
}

const PERIOD = Duration.minutes(5);
const WIDE = 12;

export class OperationsDashboard extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: DashboardProps) {
    super(scope, id);
    const { restApi, functions, queues } = props;
    this.addAlarms(props);

    const apiLatency = ['p50', 'p90', 'p99'].map((statistic) =>
      restApi.metricLatency({ statistic, period: PERIOD, label: `latency ${statistic}` }),
    );
    const apiErrors = [
      restApi.metricClientError({ period: PERIOD, label: '4xx' }),
      restApi.metricServerError({ period: PERIOD, label: '5xx' }),
      restApi.metricCount({ period: PERIOD, label: 'requests' }),
    ];
    const fns = [...functions.byArea.values()];
    const queuePairs = [...queues.pairs.values()];

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `atende-${props.stage.name}`,
      widgets: [
        [
          new TextWidget({
            markdown: `# Atende (${props.stage.name})\nRoutes, queues and functions come from functions/src/manifest.ts.`,
            width: 24,
            height: 2,
          }),
        ],
        [
          new GraphWidget({ title: 'REST API latency (ms)', left: apiLatency, width: WIDE }),
          new GraphWidget({ title: 'REST API requests and errors', left: apiErrors, width: WIDE }),
        ],
        [
          new GraphWidget({
            title: 'Function errors',
            left: fns.map((fn) => fn.metricErrors({ period: PERIOD, label: fn.area })),
            width: WIDE,
          }),
          new GraphWidget({
            title: 'Function duration p90 (ms)',
            left: fns.map((fn) => fn.metricDuration({ period: PERIOD, statistic: 'p90', label: fn.area })),
            width: WIDE,
          }),
        ],
        [
          new GraphWidget({
            title: 'Queue depth (visible messages)',
            left: queuePairs.map((p) =>
              p.queue.metricApproximateNumberOfMessagesVisible({ period: PERIOD, label: p.spec.name }),
            ),
            right: queuePairs.map((p) =>
              p.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: PERIOD, label: `${p.spec.name} DLQ` }),
            ),
            width: WIDE,
          }),
          new GraphWidget({
            title: 'Age of oldest message (s)',
            left: queuePairs.map((p) =>
              p.queue.metricApproximateAgeOfOldestMessage({ period: PERIOD, statistic: 'Maximum', label: p.spec.name }),
            ),
            width: WIDE,
          }),
        ],
        [
          new GraphWidget({
            title: 'Session host: connected WhatsApp sessions',
            left: this.connectedSessions(props),
            width: WIDE,
          }),
          new GraphWidget({
            title: 'Session host CPU / memory (%)',
            left: props.sessionHost.services.map((s, shard) =>
              s.metricCpuUtilization({ period: PERIOD, label: `shard ${shard} CPU` }),
            ),
            right: props.sessionHost.services.map((s, shard) =>
              s.metricMemoryUtilization({ period: PERIOD, label: `shard ${shard} memory` }),
            ),
            width: WIDE,
          }),
        ],
        [
          new GraphWidget({
            title: 'WebSocket connects and messages',
            left: [realtimeMetric(props.realtimeApi, 'ConnectCount'), realtimeMetric(props.realtimeApi, 'MessageCount')],
            width: WIDE,
          }),
        ],
      ],
    });
  }

  private connectedSessions(props: DashboardProps): IMetric[] {
    return Array.from(
      { length: props.sessionShards },
      (_, shard) =>
        new Metric({
          ...CONNECTIONS_METRIC,
          dimensionsMap: { Shard: String(shard) },
          statistic: 'Maximum',
          period: PERIOD,
          label: `shard ${shard}`,
        }),
    );
  }

  private addAlarms(props: DashboardProps): void {
    // One alarm metric for every function (AWS/Lambda's account-level aggregate) instead of one alarm
    // per area: alarms are billed per metric, including each metric inside a metric-math expression,
    // so merging per-function metrics into math would cost the same. The dashboard's "Function errors"
    // widget tells which area threw (docs/deploy.md "Fixed monthly floor").
    // Errors are thrown exceptions; answered 4xx/5xx responses are not Lambda errors.
    new Alarm(this, 'FunctionErrorsAlarm', {
      alarmDescription:
        'Lambda functions of this account and region threw 5 or more errors in 5 minutes (see the dashboard for which)',
      metric: new Metric({ namespace: 'AWS/Lambda', metricName: 'Errors', statistic: 'Sum', period: PERIOD }),
      threshold: 5,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(props.alarmAction);
    // Account-level (all functions, one alarm metric): a throttled function means reserved or account
    // concurrency ran out, the queue triggers' maxConcurrency included.
    new Alarm(this, 'FunctionThrottlesAlarm', {
      alarmDescription: 'Lambda throttled invocations in this account and region (concurrency exhausted)',
      metric: new Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', statistic: 'Sum', period: PERIOD }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(props.alarmAction);
    const serverErrorRate = new MathExpression({
      expression: 'IF(requests >= 20, 100 * errors / requests, 0)',
      usingMetrics: {
        errors: props.restApi.metricServerError({ period: PERIOD, statistic: 'Sum' }),
        requests: props.restApi.metricCount({ period: PERIOD, statistic: 'Sum' }),
      },
      period: PERIOD,
      label: '5xx %',
    });
    new Alarm(this, 'ApiServerErrorsAlarm', {
      alarmDescription: 'More than 5% of REST API requests answered 5xx over 10 minutes',
      metric: serverErrorRate,
      threshold: 5,
      evaluationPeriods: 2,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(props.alarmAction);
  }
}

function realtimeMetric(api: WebSocketApi, metricName: string): Metric {
  return new Metric({
    namespace: 'AWS/ApiGateway',
    metricName,
    dimensionsMap: { ApiId: api.apiId },
    statistic: 'Sum',
    period: PERIOD,
    label: metricName,
  });
}
