/**
 * The whole product in one stack, assembled from one construct per concern. Everything that is a
 * list (routes, areas, queues, consumers, schedules, table indexes) comes from functions/src/manifest.ts
 * and functions/src/data/table-definition.ts, the files the local platform reads too.
 */
import { Aspects, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ApiGatewayAccount } from './api/api-gateway-account';
import { RealtimeApi } from './api/realtime-api-construct';
import { RestApiConstruct } from './api/rest-api-construct';
import { Data } from './data/data-construct';
import { AwsEventRules } from './events/aws-event-rules-construct';
import { AreaFunctions } from './functions/area-functions';
import { AlarmTopic } from './observability/alarm-topic';
import { OperationsDashboard } from './observability/dashboard-construct';
import { Queues } from './queues/queues-construct';
import { NoRedundantDependsOn } from './redundant-depends-on';
import { Scheduler } from './scheduler/scheduler-construct';
import { Secrets } from './secrets/secrets-construct';
import { SessionHost } from './session-host/session-host-construct';
import type { StageConfig } from './stage-config';
import { WebHosting, type CustomDomain } from './web/web-hosting-construct';

export interface AtendeStackProps extends StackProps {
  stage: StageConfig;
  sessionShards: number;
  /** The session-host fleet (context `sessionHosts`, issue 29): one service of this many tasks, reading `lanes` outbound queues. */
  sessionFleet?: { hosts: number; cap: number; lanes: number };
  customDomain?: CustomDomain;
  alarmEmail?: string;
  /** An HTTPS endpoint subscribed to the alarm topic (context `alarmUrl`). */
  alarmUrl?: string;
  /** SES-verified sender of the platform's e-mails (context `emailFrom`); unset: no SES sending. */
  emailFrom?: string;
  /** Other origins allowed to call the API and upload media from a browser (e.g. a dev console). */
  extraCorsOrigins?: string[];
  sessionHostCpuArchitecture?: 'ARM64' | 'X86_64';
  /** Fargate Spot for the session host (default true; see SessionHostProps.spot). */
  sessionHostSpot?: boolean;
  /** The CLOUDFRONT-scope WAF web ACL from `infra/bin/edge.ts` (per-IP rate rule). */
  webAclArn?: string;
  /** Tests point this at a fixture build; defaults to web/dist. */
  webDistDir?: string;
}

export class AtendeStack extends Stack {
  constructor(scope: Construct, id: string, props: AtendeStackProps) {
    super(scope, id, props);
    Aspects.of(this).add(new NoRedundantDependsOn()); // cfn-lint W3005 (redundant-depends-on.ts)
    const { stage, sessionShards } = props;

    const alarms = new AlarmTopic(this, 'Alarms', { email: props.alarmEmail, url: props.alarmUrl });
    const web = new WebHosting(this, 'Web', {
      customDomain: props.customDomain,
      webDistDir: props.webDistDir,
      webAclArn: props.webAclArn,
    });
    const corsOrigins = [web.consoleOrigin, ...(props.extraCorsOrigins ?? [])];

    const data = new Data(this, 'Data', { stage, corsOrigins });
    const secrets = new Secrets(this, 'Secrets', { stage });
    const queues = new Queues(this, 'Queues', {
      stage,
      // A fleet's outbound queues are its command lanes (outbound-0…L−1; docs/deploy.md "Lanes").
      sessionShards: props.sessionFleet ? props.sessionFleet.lanes : sessionShards,
      fleet: Boolean(props.sessionFleet),
      alarmAction: alarms.action,
    });
    const apiLogging = new ApiGatewayAccount(this, 'ApiGatewayAccount');
    const realtime = new RealtimeApi(this, 'Realtime', { stage, logging: apiLogging });

    const functions = new AreaFunctions(this, 'Functions', {
      stage,
      sessionShards,
      sessionLanes: props.sessionFleet?.lanes,
      table: data.table,
      mediaBucket: data.mediaBucket,
      queues,
      jwtSecret: secrets.jwtSigningKey,
      providerCredentials: secrets.providerCredentials,
      integrationKey: secrets.integrationKey,
      publicUrl: web.consoleOrigin,
      emailFrom: props.emailFrom,
      webSocket: { api: realtime.api, stage: realtime.stage },
    });
    realtime.addRoutes(functions);
    const rest = new RestApiConstruct(this, 'Rest', {
      stage,
      functions,
      corsOrigins,
      logging: apiLogging,
      originKey: secrets.apiOriginKey,
    });
    new Scheduler(this, 'Scheduler', { functions, alarmAction: alarms.action });

    web.routeApi(rest.api.restApiId, stage.name, secrets.apiOriginKey.secretValue.unsafeUnwrap());
    web.deploy({ apiUrl: `${web.consoleOrigin}/api`, wsUrl: realtime.url, localMode: false });

    const sessionHost = new SessionHost(this, 'SessionHost', {
      stage,
      sessionShards,
      table: data.table,
      mediaBucket: data.mediaBucket,
      queues,
      alarmAction: alarms.action,
      cpuArchitecture: props.sessionHostCpuArchitecture ?? 'ARM64',
      spot: props.sessionHostSpot ?? true,
      fleet: props.sessionFleet,
    });
    new AwsEventRules(this, 'Events', { functions, sessionHost, stage, alarmAction: alarms.action });

    new OperationsDashboard(this, 'Operations', {
      stage,
      restApi: rest.api,
      realtimeApi: realtime.api,
      functions,
      queues,
      sessionHost,
      sessionShards,
      alarmAction: alarms.action,
    });

    new CfnOutput(this, 'ConsoleUrl', { value: web.consoleOrigin });
    new CfnOutput(this, 'ApiUrl', { value: `${web.consoleOrigin}/api` });
    new CfnOutput(this, 'WebSocketUrl', { value: realtime.url });
    new CfnOutput(this, 'DistributionDomainName', { value: web.distribution.distributionDomainName });
    new CfnOutput(this, 'TableName', { value: data.table.tableName });
    new CfnOutput(this, 'MediaBucketName', { value: data.mediaBucket.bucketName });
    new CfnOutput(this, 'ProviderCredentialsSecretArn', { value: secrets.providerCredentials.secretArn });
    new CfnOutput(this, 'AlarmTopicArn', { value: alarms.topic.topicArn });
    new CfnOutput(this, 'ClusterName', { value: sessionHost.cluster.clusterName });
  }
}
