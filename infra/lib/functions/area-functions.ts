/**
 * One Lambda per manifest area, each granted exactly what `AREA_ACCESS` declares (plus the queue it
 * consumes, from QUEUE_CONSUMERS). Routes, consumers and schedules are attached by their own constructs.
 */
import { Duration } from 'aws-cdk-lib';
import type { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import {
  AREA_ACCESS,
  AREAS,
  EVENT_RULES,
  HTTP_ROUTES,
  QUEUE_CONSUMERS,
  queueSpecs,
  SCHEDULES,
  WS_ROUTES,
  type Area,
} from '@atende/functions/manifest';
import { pascal } from '../names';
import { areaEntry } from '../paths';
import type { Queues } from '../queues/queues-construct';
import type { StageConfig } from '../stage-config';
import { AtendeFunction } from './atende-function';

export interface AreaFunctionsProps {
  stage: StageConfig;
  sessionShards: number;
  /** The fleet's command lanes (docs/deploy.md "Lanes"): commands go to their connection's lane queue. */
  sessionLanes?: number;
  table: ITable;
  mediaBucket: IBucket;
  queues: Queues;
  jwtSecret: ISecret;
  /** Efí, SendGrid and Facebook credentials and the Pix webhook token (one JSON secret). */
  providerCredentials: ISecret;
  integrationKey: ISecret;
  /** The console's origin (https://…): links in e-mails. */
  publicUrl: string;
  /** The verified SES sender for e-mails (context `emailFrom`); without it no area may send through SES. */
  emailFrom?: string;
  webSocket: { api: WebSocketApi; stage: WebSocketStage };
}

/** API Gateway gives up after 29 s; an HTTP handler that needs longer belongs on a queue. */
const REQUEST_TIMEOUT = Duration.seconds(20);
const SCHEDULED_TIMEOUT = Duration.seconds(60);

/** Settings every function gets: what the refresh cookie looks like behind CloudFront, and the shard count. */
function commonEnvironment(props: AreaFunctionsProps): Record<string, string> {
  return {
    SESSION_SHARDS: String(props.sessionShards),
    // Only with lanes, so a one-lane stage's functions keep their configuration.
    ...(props.sessionLanes && props.sessionLanes > 1 ? { SESSION_LANES: String(props.sessionLanes) } : {}),
    // The console and /api share the CloudFront origin, so the cookie is first-party: Lax is enough.
    REFRESH_COOKIE_SECURE: 'true',
    REFRESH_COOKIE_SAMESITE: 'Lax',
  };
}

/**
 * AWS asks for a queue's visibility timeout of at least 6× its consumer's timeout (plus the batching
 * window): the poller's retries after throttling then never see a message reappear mid-run.
 */
export const VISIBILITY_PER_TIMEOUT = 6;

export function consumerTimeoutSeconds(visibilityTimeoutSeconds: number, maxBatchingWindowSeconds = 0): number {
  return Math.floor((visibilityTimeoutSeconds - maxBatchingWindowSeconds) / VISIBILITY_PER_TIMEOUT);
}

function timeoutFor(area: Area, sessionShards: number): Duration {
  const consumed = QUEUE_CONSUMERS.filter((c) => c.area === area);
  if (consumed.length) {
    const specs = queueSpecs(sessionShards);
    const visibility = (c: (typeof consumed)[number]) => specs.find((q) => q.name === c.queue)!.visibilityTimeoutSeconds;
    return Duration.seconds(
      Math.min(...consumed.map((c) => consumerTimeoutSeconds(visibility(c), c.maxBatchingWindowSeconds))),
    );
  }
  if (SCHEDULES.some((s) => s.area === area) || EVENT_RULES.some((r) => r.area === area)) return SCHEDULED_TIMEOUT;
  return REQUEST_TIMEOUT;
}

function isWired(area: Area): boolean {
  return (
    HTTP_ROUTES.some((r) => r.area === area) ||
    WS_ROUTES.some((r) => r.area === area) ||
    QUEUE_CONSUMERS.some((c) => c.area === area) ||
    SCHEDULES.some((s) => s.area === area) ||
    EVENT_RULES.some((r) => r.area === area)
  );
}

export class AreaFunctions extends Construct {
  readonly byArea = new Map<Area, AtendeFunction>();

  constructor(scope: Construct, id: string, props: AreaFunctionsProps) {
    super(scope, id);
    for (const area of Object.keys(AREAS) as Area[]) {
      if (!isWired(area))
        throw new Error(`Area "${area}" has no HTTP route, WS route, consumer, schedule or event rule in the manifest`);
      const fn = new AtendeFunction(this, pascal(area), {
        area,
        entry: areaEntry(area),
        stage: props.stage,
        timeout: timeoutFor(area, props.sessionShards),
        environment: commonEnvironment(props),
      });
      grantDeclaredAccess(fn, area, props);
      for (const consumer of QUEUE_CONSUMERS.filter((c) => c.area === area)) {
        fn.bindQueue(props.queues.get(consumer.queue).queue, consumer.queue, 'consume', consumer);
      }
      this.byArea.set(area, fn);
    }
  }

  get(area: Area): AtendeFunction {
    const fn = this.byArea.get(area);
    if (!fn) throw new Error(`No function for area "${area}"`);
    return fn;
  }
}

function grantDeclaredAccess(fn: AtendeFunction, area: Area, props: AreaFunctionsProps): void {
  const access = AREA_ACCESS[area];
  fn.bindTable(props.table, access.table, access.tablePartitions);
  for (const target of access.sendsTo ?? []) {
    const pairs = target === 'outbound' ? props.queues.outboundPairs() : [props.queues.get(target)];
    for (const pair of pairs) fn.bindQueue(pair.queue, pair.spec.name, 'send');
  }
  if (access.media) fn.bindMediaBucket(props.mediaBucket, access.media);
  if (access.jwt) fn.bindSecret(props.jwtSecret);
  if (access.realtime) fn.bindWebSocketManagement(props.webSocket.api, props.webSocket.stage);
  if (access.purgesMedia) fn.bindMediaPurge(props.mediaBucket);
  if (access.scansTableKeys) fn.bindTableKeyScan(props.table);
  for (const setting of access.reads ?? []) {
    if (setting === 'publicUrl') fn.addEnvironment('PUBLIC_URL', props.publicUrl);
    if (setting === 'providerCredentials') fn.bindSecret(props.providerCredentials, 'PROVIDER_CREDENTIALS_ARN');
    if (setting === 'integrationKey') fn.bindSecret(props.integrationKey, 'INTEGRATION_SECRET_KEY_ARN');
    if (setting === 'emailSender' && props.emailFrom) fn.bindEmailSender(props.emailFrom);
  }
  if (access.writesProviderCredentials) fn.bindSecretWriter(props.providerCredentials);
}
