/**
 * Every Lambda of the app: a NodejsFunction with the project's fixed defaults (Node 22 on ARM64,
 * minified ESM bundle with the SDK inside, source maps, X-Ray when the caller sampled the request, JSON
 * logs without the per-invocation platform lines, with a retention) and
 * `bind*` helpers that add an IAM grant and the env var that goes with it in one call, so a
 * function never holds a permission without knowing the resource, nor the reverse.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import type { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { ApplicationLogLevel, Architecture, LoggingFormat, Runtime, SystemLogLevel, Tracing } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { queueUrlEnv, type Area } from '@atende/functions/manifest';
import { TABLE_GSIS } from '@atende/functions/table';
import { FUNCTIONS_TSCONFIG, LOCK_FILE, REPO_ROOT } from '../paths';
import type { StageConfig } from '../stage-config';
import { acknowledge, managedPolicyFinding, nagArnOf } from '../acknowledge';
import { cdkBundlingOptions, FUNCTION_NODE_OPTIONS } from './bundling-options';
import { triggerConcurrency } from './queue-concurrency';

/** Explicit DynamoDB actions. Transactions need the item actions they contain; Scan is never granted. */
export const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
];
export const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];
/** Reads of a function limited to some partitions (AREA_ACCESS `tablePartitions`): one item, or one partition. */
export const TABLE_PARTITION_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:Query'];
/** The attributes a key-only Scan may return. */
export const TABLE_KEY_ATTRIBUTES = ['PK', 'SK'];

/**
 * Partitions of WhatsApp device keys and credentials (`C#<cid>#WAAUTH#<connectionId>`): only the
 * session host's task role may touch them. Every function role carries an explicit Deny, so no later
 * grant (a broader table statement, a new area) can reach them.
 */
export const WHATSAPP_AUTH_PARTITIONS = 'C#*#WAAUTH#*';

/** Media keys are `C#<companyId>/media/...` (ARCHITECTURE cross-cutting contracts). */
export const MEDIA_KEY_PATTERN = 'C#*/media/*';
/** Every object of every company (media, private files): only the company purge job is granted it. */
export const COMPANY_KEY_PATTERN = 'C#*';

/**
 * Lambda's own lines (`platform.start`, `platform.report`: ≈ 680 bytes per invocation, most of every
 * function's log bytes; docs/deploy.md "Cost estimate") are INFO: WARN keeps only the platform's warnings
 * and errors. Durations, errors and throttles come from AWS/Lambda's metrics (dashboard, alarms); set INFO in
 * the function's logging configuration (console or `aws lambda update-function-configuration`) to see the
 * reports of one function while investigating it.
 */
export const FUNCTION_SYSTEM_LOG_LEVEL = SystemLogLevel.WARN;

/**
 * A function traces only what its caller sampled: the REST stage samples its requests (its rule in
 * infra/lib/observability/trace-sampling.ts) and passes the decision on. ACTIVE would make every function
 * sample on its own (1 a second and 5 % of the rest, per function), and the queue consumers and the fan-out
 * are most of the invocations (docs/deploy.md "Cost estimate": X-Ray).
 */
export const FUNCTION_TRACING = Tracing.PASS_THROUGH;

export interface AtendeFunctionProps {
  /** The manifest area: names the function, its logs and its Powertools service, and picks its bundle's externals. */
  area: Area;
  entry: string;
  stage: StageConfig;
  timeout?: Duration;
  memorySize?: number;
  environment?: Record<string, string>;
}

export class AtendeFunction extends NodejsFunction {
  readonly area: Area;

  constructor(scope: Construct, id: string, props: AtendeFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.stage.logRetention,
      removalPolicy: props.stage.statefulRemovalPolicy,
    });
    super(scope, id, {
      entry: props.entry,
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(20),
      tracing: FUNCTION_TRACING,
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      systemLogLevelV2: FUNCTION_SYSTEM_LOG_LEVEL,
      applicationLogLevelV2: ApplicationLogLevel.INFO,
      projectRoot: REPO_ROOT,
      depsLockFilePath: LOCK_FILE,
      bundling: { ...cdkBundlingOptions(props.area), tsconfig: FUNCTIONS_TSCONFIG },
      environment: {
        NODE_OPTIONS: FUNCTION_NODE_OPTIONS,
        // The Powertools logger reads SERVICE_NAME (functions/src/platform/logger.ts); both name the area.
        POWERTOOLS_SERVICE_NAME: `atende-${props.area}`,
        SERVICE_NAME: `atende-${props.area}`,
        STAGE: props.stage.name,
        ...props.environment,
      },
    });
    this.area = props.area;
    acknowledge(
      this,
      managedPolicyFinding('service-role/AWSLambdaBasicExecutionRole'),
      'The AWS-managed policy for a function writing its own logs (CreateLogStream/PutLogEvents), what every Lambda needs.',
    );
    acknowledge(this, 'IAM5[Resource::*]', 'X-Ray PutTraceSegments/PutTelemetryRecords accept no resource other than "*".');
    acknowledge(
      this,
      'L1',
      'Node 22 is an LTS Lambda runtime supported into 2027, the version the project builds, benches and ' +
        'runs locally (bundles target node20); moving to a newer runtime is a deliberate upgrade, not a side effect of a lint.',
    );
  }

  /**
   * Items and indexes of the one table; `RW` adds the writes. With `partitions`, only items whose
   * partition key matches one of them (`dynamodb:LeadingKeys`), read with GetItem/Query, and no index.
   * Sets TABLE_NAME.
   */
  bindTable(table: ITable, mode: 'RO' | 'RW', partitions?: string[]): this {
    this.addEnvironment('TABLE_NAME', table.tableName);
    this.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.DENY,
        actions: ['dynamodb:*'],
        resources: [table.tableArn, `${table.tableArn}/index/*`],
        conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [WHATSAPP_AUTH_PARTITIONS] } },
      }),
    );
    if (partitions?.length) {
      this.addToRolePolicy(
        new PolicyStatement({
          actions: mode === 'RW' ? [...TABLE_PARTITION_READ_ACTIONS, ...TABLE_WRITE_ACTIONS] : TABLE_PARTITION_READ_ACTIONS,
          resources: [table.tableArn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': partitions } },
        }),
      );
      return this;
    }
    const indexArns = TABLE_GSIS.map((gsi) => `${table.tableArn}/index/${gsi.indexName}`);
    this.addToRolePolicy(new PolicyStatement({ actions: TABLE_READ_ACTIONS, resources: [table.tableArn] }));
    this.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:Query'], resources: indexArns }));
    if (mode === 'RW')
      this.addToRolePolicy(new PolicyStatement({ actions: TABLE_WRITE_ACTIONS, resources: [table.tableArn] }));
    return this;
  }

  /**
   * `send`: SendMessage on that queue only. `consume`: an event-source mapping that reports partial
   * batch failures (the SQS event source grants receive/delete/visibility on that queue only).
   * Both set `QUEUE_URL_<NAME>`.
   */
  bindQueue(queue: IQueue, name: string, mode: 'send'): this;
  bindQueue(
    queue: IQueue,
    name: string,
    mode: 'consume',
    consumer: { batchSize: number; maxBatchingWindowSeconds?: number },
  ): this;
  bindQueue(
    queue: IQueue,
    name: string,
    mode: 'send' | 'consume',
    consumer?: { batchSize: number; maxBatchingWindowSeconds?: number },
  ): this {
    if (mode === 'send') {
      this.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }));
    } else {
      this.addEventSource(
        new SqsEventSource(queue, {
          batchSize: consumer?.batchSize ?? 10,
          ...(consumer?.maxBatchingWindowSeconds
            ? { maxBatchingWindow: Duration.seconds(consumer.maxBatchingWindowSeconds) }
            : {}),
          reportBatchItemFailures: true,
          maxConcurrency: triggerConcurrency(name), // sized per queue from the 1,000-company model
        }),
      );
    }
    this.addEnvironment(queueUrlEnv(name), queue.queueUrl);
    return this;
  }

  /** Objects under the media prefix only; `readWrite` adds uploads. Sets MEDIA_BUCKET. */
  bindMediaBucket(bucket: IBucket, mode: 'read' | 'readWrite', keyPattern = MEDIA_KEY_PATTERN): this {
    const actions = mode === 'read' ? ['s3:GetObject'] : ['s3:GetObject', 's3:PutObject'];
    this.addToRolePolicy(new PolicyStatement({ actions, resources: [bucket.arnForObjects(keyPattern)] }));
    acknowledge(
      this,
      `IAM5[Resource::${nagArnOf(bucket)}/${keyPattern}]`,
      'Media keys begin with the company id; which ' +
        "company a function serves comes from the verified token at run time, so the grant covers every tenant's prefix and " +
        'the code builds each key from the token (ARCHITECTURE, tenant isolation).',
    );
    this.addEnvironment('MEDIA_BUCKET', bucket.bucketName);
    return this;
  }

  /**
   * A deleted company's objects (`C#<companyId>/…`): list under the company prefixes and delete there.
   * Sets MEDIA_BUCKET.
   */
  /**
   * Scan of the table's keys only (the company purge job, AP-PURGE1): `Select: SPECIFIC_ATTRIBUTES`
   * with `PK`, `SK` as the only attributes, so the scan cannot read any item's content.
   */
  bindTableKeyScan(table: ITable): this {
    this.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:Scan'],
        resources: [table.tableArn],
        conditions: {
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': TABLE_KEY_ATTRIBUTES },
          StringEquals: { 'dynamodb:Select': 'SPECIFIC_ATTRIBUTES' },
        },
      }),
    );
    return this;
  }

  bindMediaPurge(bucket: IBucket): this {
    this.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [bucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': [COMPANY_KEY_PATTERN] } },
      }),
    );
    this.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:DeleteObject'], resources: [bucket.arnForObjects(COMPANY_KEY_PATTERN)] }),
    );
    acknowledge(
      this,
      `IAM5[Resource::${nagArnOf(bucket)}/${COMPANY_KEY_PATTERN}]`,
      'The company purge job erases the objects of whichever company a super user deleted; the company id is ' +
        'known at run time only, so the grant covers every company prefix (and nothing outside them).',
    );
    this.addEnvironment('MEDIA_BUCKET', bucket.bucketName);
    return this;
  }

  /** SES sending from this one address only (`ses:FromAddress`), on its own and its domain's identity. */
  bindEmailSender(from: string): this {
    const stack = Stack.of(this);
    const identity = (name: string) => stack.formatArn({ service: 'ses', resource: 'identity', resourceName: name });
    this.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [identity(from), identity(from.split('@')[1]!)],
        conditions: { StringEquals: { 'ses:FromAddress': from } },
      }),
    );
    this.addEnvironment('EMAIL_FROM', from);
    return this;
  }

  /** Read one secret (GetSecretValue, DescribeSecret) and pass its ARN, never its value. */
  bindSecret(secret: ISecret, envName = 'JWT_SECRET_ARN'): this {
    secret.grantRead(this);
    this.addEnvironment(envName, secret.secretArn);
    return this;
  }

  /** Replace the value of this one secret (a new version), nothing else: no reading by this grant, no other secret. */
  bindSecretWriter(secret: ISecret): this {
    this.addToRolePolicy(new PolicyStatement({ actions: ['secretsmanager:PutSecretValue'], resources: [secret.secretArn] }));
    return this;
  }

  /** Post to sockets of this WebSocket stage only. Sets WS_MANAGEMENT_ENDPOINT (the @connections base URL). */
  bindWebSocketManagement(api: WebSocketApi, stage: WebSocketStage): this {
    const connectionsArn = Stack.of(this).formatArn({
      service: 'execute-api',
      resource: api.apiId,
      resourceName: `${stage.stageName}/POST/@connections/*`,
    });
    this.addToRolePolicy(new PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [connectionsArn] }));
    acknowledge(
      this,
      `IAM5[Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:${nagArnOf(api).replace('.Arn', '')}/${stage.stageName}/POST/@connections/*]`,
      "Socket connection ids are created by API Gateway at run time; the grant is limited to posting on this API's stage.",
    );
    this.addEnvironment('WS_MANAGEMENT_ENDPOINT', stage.callbackUrl);
    return this;
  }
}
