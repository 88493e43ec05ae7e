/**
 * The session host, from the image built from `session-host/Dockerfile`, in one of two shapes:
 * - shards: one Fargate service per shard (desired count 1: a WhatsApp session must never run
 *   twice). Each shard's task role reaches its own outbound queue, the inbound queue, media objects
 *   and, in the table, only auth state (`C#<cid>#WAAUTH#<connectionId>`) and its shard registry.
 * - fleet (`fleet`, issue 29): ONE service whose desired count is the host count. Hosts claim
 *   connections through leases in the table (session-host/src/fleet) and read the outbound queue of
 *   their command lane (`lanes` queues, a small fixed number; one by default); growing the fleet
 *   changes a number, never the resources (docs/deploy.md "Fleet", "Lanes").
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
  MAX_SESSION_LANES,
  outboundQueueName,
  queueUrlEnv,
  SESSION_HOST_CONTAINER,
  sessionHostTaskFamily,
  sessionHostTaskFamilyPrefix,
} from '@atende/functions/manifest';
import { MEDIA_KEY_PATTERN } from '../functions/atende-function';
import { acknowledge, nagArnOf } from '../acknowledge';
import { dockerfileOnlyContext, hostImageAssetOptions, stageHostImageContext } from './host-image-context';
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
  // Signal key writes are transactions fenced by a ConditionCheck on the credentials' lease.
  'dynamodb:ConditionCheckItem',
];
/** The partition keys a shard may touch (ARCHITECTURE "Session host"). */
export const sessionHostLeadingKeys = (shard: number) => ['C#*#WAAUTH#*', `P#SHARD#${shard}`];
/**
 * The partition keys a fleet host may touch: auth state, connection leases, host leases, the owner
 * index, and the shard registries whose pins it adopts (session-host/src/fleet/shard-pins.ts).
 */
export const FLEET_LEADING_KEYS = ['C#*#WAAUTH#*', 'C#*#WAFLEET#*', 'P#FLEET', 'P#FLEET#OWNER#*', 'P#SHARD#*'];

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
  /** Fleet shape: one service of `hosts` tasks, each running at most `cap` connections, over `lanes` command lanes. */
  fleet?: { hosts: number; cap: number; lanes?: number };
}

/**
 * Task size, from measured memory (bench/session-host-memory.ts: ≈170 MB baseline under tsx, ≈0.5 MB
 * per simulated connection; a real Baileys socket costs more and cannot be measured offline).
 * 1 GB leaves room for ~100 real sessions at a few MB each; CPU is idle between messages.
 */
export const SESSION_HOST_TASK = { cpu: 256, memoryMiB: 1024, heapMiB: 768 } as const;
/**
 * The host's Node flags (they replace the image's NODE_OPTIONS). Async context frames: without them Node 22
 * copies every Baileys socket's AsyncLocalStorage onto every promise for good (session-host/src/async-context.ts).
 */
export const HOST_NODE_OPTIONS = '--enable-source-maps --experimental-async-context-frame';
/** A fleet task: 1 vCPU / 2 GiB, sized in docs/deploy.md ("Fleet") from measured memory and CPU. */
export const FLEET_TASK = { cpu: 1024, memoryMiB: 2048, heapMiB: 1536 } as const;
/** Most hosts a stage runs; the stack's resources do not depend on it (infra/test/cdk-fleet-scale.test.ts). */
export const MAX_FLEET_HOSTS = 1000;
/** Most command lanes (outbound queues `outbound-0…31`, the names the shard shape used). */
export const MAX_FLEET_LANES = MAX_SESSION_LANES;
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
    // The hash covers what the image runs only (host-image-context.ts), so nothing else restarts sessions.
    const context = Stack.of(this).bundlingRequired ? stageHostImageContext().dir : dockerfileOnlyContext();
    const image = ContainerImage.fromAsset(
      context,
      hostImageAssetOptions(context, arm ? Platform.LINUX_ARM64 : Platform.LINUX_AMD64),
    );

    const shared = { image, arm, securityGroup, props };
    if (props.fleet) {
      // Every task gets every lane's queue (one task definition); each host reads only its own lane's.
      const lanes = Array.from({ length: props.fleet.lanes ?? 1 }, (_, lane) => lane);
      this.addService(shared, {
        id: 'Fleet',
        label: 'fleet',
        streamPrefix: 'fleet',
        size: FLEET_TASK,
        desiredCount: props.fleet.hosts,
        // Leases keep one number on one host, so a deploy may start new tasks before stopping old
        // ones: the old release their connections on SIGTERM and the new claim them.
        healthyPercent: { min: 100, max: 200 },
        environment: {
          ...this.environment(0, props),
          SESSION_FLEET: 'true',
          HOST_CAP: String(props.fleet.cap),
          NODE_OPTIONS: `${HOST_NODE_OPTIONS} --max-old-space-size=${FLEET_TASK.heapMiB}`,
          ...this.laneEnvironment(lanes, props),
        },
        grant: (role) => this.grantHost(role, lanes, FLEET_LEADING_KEYS, props, true),
      });
      return;
    }
    for (let shard = 0; shard < props.sessionShards; shard++) {
      this.addService(shared, {
        id: `Shard${shard}`,
        label: `shard ${shard}`,
        streamPrefix: `shard-${shard}`,
        family: sessionHostTaskFamily(Stack.of(this).stackName, shard),
        size: SESSION_HOST_TASK,
        desiredCount: 1,
        // Never two tasks of one shard at once (two sockets for one WhatsApp number fight each
        // other): a deploy stops the old task before starting the new one.
        healthyPercent: { min: 0, max: 100 },
        environment: this.environment(shard, props),
        grant: (role) => this.grantHost(role, [shard], sessionHostLeadingKeys(shard), props, false),
      });
    }
  }

  private addService(
    shared: { image: ContainerImage; arm: boolean; securityGroup: SecurityGroup; props: SessionHostProps },
    spec: {
      id: string;
      label: string;
      streamPrefix: string;
      family?: string;
      size: { cpu: number; memoryMiB: number };
      desiredCount: number;
      healthyPercent: { min: number; max: number };
      environment: Record<string, string>;
      grant: (role: IGrantable) => void;
    },
  ): void {
    const { props } = shared;
    const task = new FargateTaskDefinition(this, `${spec.id}Task`, {
      // The fleet's family is shard 0's: the hostwatch area reads a stopped task's shard from it, and
      // finds shard 0's registry empty (fleet hosts keep leases instead), so it reports nothing.
      family: spec.family ?? sessionHostTaskFamily(Stack.of(this).stackName, 0),
      cpu: spec.size.cpu,
      memoryLimitMiB: spec.size.memoryMiB,
      runtimePlatform: {
        cpuArchitecture: shared.arm ? CpuArchitecture.ARM64 : CpuArchitecture.X86_64,
        operatingSystemFamily: OperatingSystemFamily.LINUX,
      },
    });
    spec.grant(task.taskRole);
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
      image: shared.image,
      logging: LogDrivers.awsLogs({ logGroup: this.logGroup, streamPrefix: spec.streamPrefix }),
      environment: spec.environment,
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
    const service = new FargateService(this, `${spec.id}Service`, {
      cluster: this.cluster,
      taskDefinition: task,
      desiredCount: spec.desiredCount,
      minHealthyPercent: spec.healthyPercent.min,
      maxHealthyPercent: spec.healthyPercent.max,
      circuitBreaker: { enable: true, rollback: true },
      capacityProviderStrategies: [{ capacityProvider: props.spot ? 'FARGATE_SPOT' : 'FARGATE', weight: 1 }],
      assignPublicIp: true,
      vpcSubnets: { subnetType: SubnetType.PUBLIC },
      securityGroups: [shared.securityGroup],
    });
    // ECS publishes CPU only while a task runs: no samples for 5 minutes means the service is down.
    const down = new Alarm(this, `${spec.id}DownAlarm`, {
      alarmDescription: `Session host ${spec.label} has had no running task for 5 minutes`,
      metric: service.metricCpuUtilization({ statistic: 'SampleCount', period: Duration.minutes(1) }),
      threshold: 1,
      evaluationPeriods: 5,
      comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.BREACHING,
    });
    const memory = new Alarm(this, `${spec.id}MemoryAlarm`, {
      alarmDescription: `Session host ${spec.label} used more than ${SHARD_MEMORY_ALARM_PERCENT}% of its memory for 15 minutes: add a ${props.fleet ? 'task' : 'shard'}`,
      metric: service.metricMemoryUtilization({ statistic: 'Maximum', period: Duration.minutes(5) }),
      threshold: SHARD_MEMORY_ALARM_PERCENT,
      evaluationPeriods: 3,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    for (const alarm of [down, memory]) alarm.addAlarmAction(props.alarmAction);
    this.services.push(service);
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
      NODE_OPTIONS: `${HOST_NODE_OPTIONS} --max-old-space-size=${SESSION_HOST_TASK.heapMiB}`,
    };
  }

  /** Lanes beyond the first: their count and queue URLs (none with one lane, so its task definition is unchanged). */
  private laneEnvironment(lanes: number[], props: SessionHostProps): Record<string, string> {
    if (lanes.length <= 1) return {};
    return {
      SESSION_LANES: String(lanes.length),
      ...Object.fromEntries(
        lanes.map((lane) => [queueUrlEnv(outboundQueueName(lane)), props.queues.outbound(lane).queue.queueUrl]),
      ),
    };
  }

  private grantHost(
    role: IGrantable,
    outboundQueues: number[],
    leadingKeys: string[],
    props: SessionHostProps,
    ownerIndex: boolean,
  ): void {
    const policy = (statement: PolicyStatement) => role.grantPrincipal.addToPrincipalPolicy(statement);
    policy(
      new PolicyStatement({
        actions: ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:ChangeMessageVisibility'],
        resources: outboundQueues.map((queue) => props.queues.outbound(queue).queue.queueArn),
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
        // Fleet hosts find a host's connections through GSI1 (`P#FLEET#OWNER#<host>`).
        resources: ownerIndex ? [props.table.tableArn, `${props.table.tableArn}/index/GSI1`] : [props.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': leadingKeys } },
      }),
    );
  }
}
