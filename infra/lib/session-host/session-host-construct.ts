/**
 * The session host: one Fargate service per shard (desired count 1: a WhatsApp session must never
 * run twice), all from the image built from `session-host/Dockerfile`. Each shard's task role reaches
 * its own outbound queue, the inbound queue, media objects and, in the table, only the items whose
 * partition key is auth state (`C#<cid>#WAAUTH#<connectionId>`) or its shard registry (`P#SHARD#<n>`).
 */
import { SESSION_HOST_HEARTBEAT_MESSAGE } from '@atende/shared';
import { Duration, Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData, type IAlarmAction } from 'aws-cdk-lib/aws-cloudwatch';
import { GatewayVpcEndpointAwsService, SecurityGroup, SubnetType, Vpc } from 'aws-cdk-lib/aws-ec2';
import { Platform } from 'aws-cdk-lib/aws-ecr-assets';
import {
  Cluster, ContainerImage, CpuArchitecture, FargateService, FargateTaskDefinition, LogDrivers, OperatingSystemFamily,
} from 'aws-cdk-lib/aws-ecs';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { FilterPattern, LogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import {
  outboundQueueName, queueUrlEnv, SESSION_HOST_CONTAINER, sessionHostTaskFamily, sessionHostTaskFamilyPrefix,
} from '@atende/functions/manifest';
import { MEDIA_KEY_PATTERN } from '../functions/atende-function';
import { REPO_ROOT, SESSION_HOST_DOCKERFILE } from '../paths';
import type { Queues } from '../queues/queues-construct';
import type { StageConfig } from '../stage-config';

export const HEALTH_PORT = 8080;
export const SESSION_HOST_TABLE_ACTIONS = [
  'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem',
  'dynamodb:Query', 'dynamodb:BatchGetItem', 'dynamodb:BatchWriteItem',
];
/** The partition keys a shard may touch (ARCHITECTURE "Session host"). */
export const sessionHostLeadingKeys = (shard: number) => ['C#*#WAAUTH#*', `P#SHARD#${shard}`];

/** Metric fed by the session host's heartbeat log line (see docs/deploy.md "Observability"). */
export const CONNECTIONS_METRIC = { namespace: 'Atende', metricName: 'SessionHostConnectedSessions' } as const;
export const HEARTBEAT_LOG_MESSAGE = SESSION_HOST_HEARTBEAT_MESSAGE;

export interface SessionHostProps {
  stage: StageConfig;
  sessionShards: number;
  table: ITable;
  mediaBucket: IBucket;
  queues: Queues;
  alarmAction: IAlarmAction;
  /** `ARM64` (Graviton, cheaper) unless the deploying machine cannot build ARM images. */
  cpuArchitecture: 'ARM64' | 'X86_64';
}

export class SessionHost extends Construct {
  readonly cluster: Cluster;
  readonly services: FargateService[] = [];
  readonly logGroup: LogGroup;
  /**
   * Every shard's task definition family starts with this and ends with the shard number: ECS task
   * events name the task definition, so the hostwatch area reads the shard from it.
   */
  readonly taskFamilyPrefix: string;

  constructor(scope: Construct, id: string, props: SessionHostProps) {
    super(scope, id);
    // Public subnets and public IPs, no NAT gateway: the tasks only dial out (WhatsApp, AWS APIs),
    // nothing can dial in (no inbound rule), and a NAT gateway would cost more than the task.
    const vpc = new Vpc(this, 'Vpc', {
      maxAzs: 2,
      natGateways: 0,
      subnetConfiguration: [{ name: 'public', subnetType: SubnetType.PUBLIC, cidrMask: 24 }],
      gatewayEndpoints: {
        DynamoDb: { service: GatewayVpcEndpointAwsService.DYNAMODB },
        S3: { service: GatewayVpcEndpointAwsService.S3 },
      },
    });
    this.cluster = new Cluster(this, 'Cluster', { vpc });
    this.taskFamilyPrefix = sessionHostTaskFamilyPrefix(Stack.of(this).stackName);
    const securityGroup = new SecurityGroup(this, 'TaskSecurityGroup', {
      vpc,
      allowAllOutbound: true,
      description: 'Atende session host: outbound only',
    });
    this.logGroup = new LogGroup(this, 'Logs', {
      retention: props.stage.logRetention,
      removalPolicy: props.stage.statefulRemovalPolicy,
    });
    new MetricFilter(this, 'ConnectedSessionsMetric', {
      logGroup: this.logGroup,
      filterPattern: FilterPattern.stringValue('$.msg', '=', HEARTBEAT_LOG_MESSAGE),
      metricNamespace: CONNECTIONS_METRIC.namespace,
      metricName: CONNECTIONS_METRIC.metricName,
      metricValue: '$.connected',
      dimensions: { Shard: '$.shard' },
    });

    const arm = props.cpuArchitecture === 'ARM64';
    // One image for every shard; synth only stages the build context, the image is built at deploy.
    const image = ContainerImage.fromAsset(REPO_ROOT, {
      file: SESSION_HOST_DOCKERFILE,
      platform: arm ? Platform.LINUX_ARM64 : Platform.LINUX_AMD64,
    });

    for (let shard = 0; shard < props.sessionShards; shard++) {
      const task = new FargateTaskDefinition(this, `Shard${shard}Task`, {
        family: sessionHostTaskFamily(Stack.of(this).stackName, shard),
        cpu: 512,
        memoryLimitMiB: 1024,
        runtimePlatform: {
          cpuArchitecture: arm ? CpuArchitecture.ARM64 : CpuArchitecture.X86_64,
          operatingSystemFamily: OperatingSystemFamily.LINUX,
        },
      });
      this.grantShard(task.taskRole, shard, props);
      task.addContainer(SESSION_HOST_CONTAINER, {
        image,
        logging: LogDrivers.awsLogs({ logGroup: this.logGroup, streamPrefix: `shard-${shard}` }),
        environment: this.environment(shard, props),
        healthCheck: {
          command: ['CMD-SHELL', `node -e "fetch('http://127.0.0.1:${HEALTH_PORT}/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"`],
          interval: Duration.seconds(30),
          timeout: Duration.seconds(5),
          retries: 3,
          startPeriod: Duration.seconds(60),
        },
        // main.ts stops gracefully (sockets closed, credentials kept) within 25 s of SIGTERM.
        stopTimeout: Duration.seconds(30),
      });
      const service = new FargateService(this, `Shard${shard}Service`, {
        cluster: this.cluster,
        taskDefinition: task,
        desiredCount: 1,
        // Never two tasks of one shard at once (two sockets for one WhatsApp number fight each
        // other): a deploy stops the old task before starting the new one.
        minHealthyPercent: 0,
        maxHealthyPercent: 100,
        circuitBreaker: { enable: true, rollback: true },
        assignPublicIp: true,
        vpcSubnets: { subnetType: SubnetType.PUBLIC },
        securityGroups: [securityGroup],
      });
      // ECS publishes CPU only while a task runs: no samples for 5 minutes means the shard is down.
      const down = new Alarm(this, `Shard${shard}DownAlarm`, {
        alarmDescription: `Session host shard ${shard} has had no running task for 5 minutes`,
        metric: service.metricCpuUtilization({ statistic: 'SampleCount', period: Duration.minutes(1) }),
        threshold: 1,
        evaluationPeriods: 5,
        comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
        treatMissingData: TreatMissingData.BREACHING,
      });
      down.addAlarmAction(props.alarmAction);
      this.services.push(service);
    }
  }

  private environment(shard: number, props: SessionHostProps): Record<string, string> {
    const outbound = props.queues.outbound(shard).queue;
    return {
      SHARD: String(shard),
      SESSION_SHARDS: String(props.sessionShards),
      ADAPTER: 'baileys',
      STAGE: props.stage.name,
      AWS_REGION: Stack.of(this).region,
      TABLE_NAME: props.table.tableName,
      MEDIA_BUCKET: props.mediaBucket.bucketName,
      [queueUrlEnv(outboundQueueName(shard))]: outbound.queueUrl,
      [queueUrlEnv('inbound')]: props.queues.get('inbound').queue.queueUrl,
      HEALTH_PORT: String(HEALTH_PORT),
      NODE_OPTIONS: '--enable-source-maps',
    };
  }

  private grantShard(role: IGrantable, shard: number, props: SessionHostProps): void {
    const policy = (statement: PolicyStatement) => role.grantPrincipal.addToPrincipalPolicy(statement);
    policy(new PolicyStatement({
      actions: ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:ChangeMessageVisibility'],
      resources: [props.queues.outbound(shard).queue.queueArn],
    }));
    policy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [props.queues.get('inbound').queue.queueArn] }));
    policy(new PolicyStatement({
      actions: ['s3:GetObject', 's3:PutObject'],
      resources: [props.mediaBucket.arnForObjects(MEDIA_KEY_PATTERN)],
    }));
    policy(new PolicyStatement({
      actions: SESSION_HOST_TABLE_ACTIONS,
      resources: [props.table.tableArn],
      conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': sessionHostLeadingKeys(shard) } },
    }));
  }
}
