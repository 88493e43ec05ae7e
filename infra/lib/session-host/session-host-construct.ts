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
  Cluster,
  ContainerImage,
  CpuArchitecture,
  FargateService,
  FargateTaskDefinition,
  LogDrivers,
  OperatingSystemFamily,
} from 'aws-cdk-lib/aws-ecs';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { FilterPattern, LogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import {
  outboundQueueName,
  queueUrlEnv,
  SESSION_HOST_CONTAINER,
  sessionHostTaskFamily,
  sessionHostTaskFamilyPrefix,
} from '@atende/functions/manifest';
import { MEDIA_KEY_PATTERN } from '../functions/atende-function';
import { acknowledge, nagArnOf } from '../acknowledge';
import { dockerfileOnlyContext, stageHostImageContext } from './host-image-context';
import type { Queues } from '../queues/queues-construct';
import type { StageConfig } from '../stage-config';

export const HEALTH_PORT = 8080;
export const SESSION_HOST_TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:Query',
  'dynamodb:BatchGetItem',
  'dynamodb:BatchWriteItem',
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
  /**
   * Fargate Spot (about 70 % cheaper). An interruption is a SIGTERM two minutes ahead: the host stops
   * gracefully and ECS starts a replacement, which resumes the shard's sessions from the registry
   * (hostwatch reports them DISCONNECTED meanwhile if the stop was not graceful).
   */
  spot: boolean;
}

/**
 * Task size, from measured memory (bench/session-host-memory.ts: ≈170 MB baseline under tsx, ≈0.5 MB
 * per simulated connection; a real Baileys socket costs more and cannot be measured offline).
 * 1 GB leaves room for ~100 real sessions at a few MB each; CPU is idle between messages.
 */
export const SESSION_HOST_TASK = { cpu: 256, memoryMiB: 1024, heapMiB: 768 } as const;
/** Page someone before a shard runs out of memory (add a shard, see docs/deploy.md "Scaling"). */
export const SHARD_MEMORY_ALARM_PERCENT = 80;

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
    this.cluster = new Cluster(this, 'Cluster', { vpc, enableFargateCapacityProviders: true });
    acknowledge(
      vpc,
      'VPC7',
      'Nothing can dial in (no inbound rule) and only the session host runs here; flow logs would cost more than they tell.',
    );
    acknowledge(
      this.cluster,
      'ECS4',
      "Container Insights is billed per metric and task; the service's own CPU/memory metrics feed the dashboard and the memory and down alarms.",
    );
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
    // One image for every shard, built at deploy from the host's own bundle (staged here, at synth).
    // (`cdk synth --exclusively` of another stack and the nag test skip bundling: Dockerfile only.)
    const context = Stack.of(this).bundlingRequired ? stageHostImageContext().dir : dockerfileOnlyContext();
    const image = ContainerImage.fromAsset(context, {
      platform: arm ? Platform.LINUX_ARM64 : Platform.LINUX_AMD64,
    });

    for (let shard = 0; shard < props.sessionShards; shard++) {
      const task = new FargateTaskDefinition(this, `Shard${shard}Task`, {
        family: sessionHostTaskFamily(Stack.of(this).stackName, shard),
        cpu: SESSION_HOST_TASK.cpu,
        memoryLimitMiB: SESSION_HOST_TASK.memoryMiB,
        runtimePlatform: {
          cpuArchitecture: arm ? CpuArchitecture.ARM64 : CpuArchitecture.X86_64,
          operatingSystemFamily: OperatingSystemFamily.LINUX,
        },
      });
      this.grantShard(task.taskRole, shard, props);
      acknowledge(
        task,
        'ECS2',
        'The environment holds only names, URLs and numbers (table, bucket, queue URLs, shard); no secret.',
      );
      acknowledge(
        task,
        `IAM5[Resource::${nagArnOf(props.mediaBucket)}/${MEDIA_KEY_PATTERN}]`,
        'Media keys begin with the company ' +
          "id of the connection a message belongs to; one host serves many companies, and builds each key from the connection's company.",
      );
      acknowledge(
        task,
        'IAM5[Resource::*]',
        'The execution role\'s ecr:GetAuthorizationToken accepts no resource other than "*" (CDK\'s ECR pull grant).',
      );
      task.addContainer(SESSION_HOST_CONTAINER, {
        image,
        logging: LogDrivers.awsLogs({ logGroup: this.logGroup, streamPrefix: `shard-${shard}` }),
        environment: this.environment(shard, props),
        healthCheck: {
          command: [
            'CMD-SHELL',
            `node -e "fetch('http://127.0.0.1:${HEALTH_PORT}/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"`,
          ],
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
        capacityProviderStrategies: [{ capacityProvider: props.spot ? 'FARGATE_SPOT' : 'FARGATE', weight: 1 }],
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
      const memory = new Alarm(this, `Shard${shard}MemoryAlarm`, {
        alarmDescription: `Session host shard ${shard} used more than ${SHARD_MEMORY_ALARM_PERCENT}% of its memory for 15 minutes: add a shard`,
        metric: service.metricMemoryUtilization({ statistic: 'Maximum', period: Duration.minutes(5) }),
        threshold: SHARD_MEMORY_ALARM_PERCENT,
        evaluationPeriods: 3,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      for (const alarm of [down, memory]) alarm.addAlarmAction(props.alarmAction);
      this.services.push(service);
    }
  }

  private environment(shard: number, props: SessionHostProps): Record<string, string> {
    const outbound = props.queues.outbound(shard).queue;
    // Only this shard's own values: the shard count is not here, so adding a shard leaves the other
    // shards' task definitions, and their running sessions, untouched.
    return {
      SHARD: String(shard),
      ADAPTER: 'baileys',
      STAGE: props.stage.name,
      AWS_REGION: Stack.of(this).region,
      TABLE_NAME: props.table.tableName,
      MEDIA_BUCKET: props.mediaBucket.bucketName,
      [queueUrlEnv(outboundQueueName(shard))]: outbound.queueUrl,
      [queueUrlEnv('inbound')]: props.queues.get('inbound').queue.queueUrl,
      HEALTH_PORT: String(HEALTH_PORT),
      NODE_OPTIONS: `--enable-source-maps --max-old-space-size=${SESSION_HOST_TASK.heapMiB}`,
    };
  }

  private grantShard(role: IGrantable, shard: number, props: SessionHostProps): void {
    const policy = (statement: PolicyStatement) => role.grantPrincipal.addToPrincipalPolicy(statement);
    policy(
      new PolicyStatement({
        actions: ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:ChangeMessageVisibility'],
        resources: [props.queues.outbound(shard).queue.queueArn],
      }),
    );
    policy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [props.queues.get('inbound').queue.queueArn] }));
    policy(
      new PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject'],
        resources: [props.mediaBucket.arnForObjects(MEDIA_KEY_PATTERN)],
      }),
    );
    policy(
      new PolicyStatement({
        actions: SESSION_HOST_TABLE_ACTIONS,
        resources: [props.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': sessionHostLeadingKeys(shard) } },
      }),
    );
  }
}
