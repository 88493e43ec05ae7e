/**
 * The session host's configuration, read once from the environment (see the helper brief's
 * "Session host" contract). Everything else receives a `HostConfig`, so tests and the bench can
 * build hosts without touching `process.env`.
 */
import { ADAPTER_KINDS, type AdapterKind } from '@atende/shared';
import { DEFAULT_HOST_DOWNLOADS } from './media/download-slots';
import {
  DEFAULT_TABLE_NAME,
  MAX_SESSION_LANES,
  outboundQueueName,
  queueUrlEnv,
  sessionShardCount,
} from '@atende/functions/shared-surface';

export interface BackoffConfig {
  initialMs: number;
  maxMs: number;
}

/** Fleet mode (docs/deploy.md "Fleet"): hosts claim connections through leases instead of owning a shard. */
export interface FleetConfig {
  /** `HOST_CAP`: most connections one host runs. */
  cap: number;
  /** `FLEET_LEASE_TTL_MS`: a host's lease lasts this long without renewal (a dead host's connections wait this long). */
  ttlMs: number;
  /** `FLEET_RENEW_MS`: how often a host renews, claims orphans and rebalances. */
  renewMs: number;
}

/** The fleet's command lanes (docs/deploy.md "Lanes"): `SESSION_LANES` queues, `QUEUE_URL_OUTBOUND_<lane>`. */
export interface LaneConfig {
  lanes: number;
  /** One per lane; a host reads only its own lane's. */
  laneQueueUrls: string[];
}

export interface HostConfig {
  shard: number;
  shards: number;
  /** Adapter used when a `session.start` names one this host does not run, and on resume of old registry items. */
  defaultAdapter: AdapterKind;
  /** Adapters this host may run (`ADAPTER=simulator` or `ADAPTER=baileys,simulator`). */
  adapters: AdapterKind[];
  region: string;
  tableName: string;
  dynamoDbEndpoint?: string;
  sqsEndpoint?: string;
  s3Endpoint?: string;
  outboundQueueUrl: string;
  inboundQueueUrl: string;
  mediaBucket: string;
  simulatorPort?: number;
  /** The platform's JWT secret (local mode): the simulator control API verifies the console's session with it. */
  consoleTokenSecret?: string;
  healthPort?: number;
  localMode: boolean;
  reconnect: BackoffConfig;
  /** How long a send waits for its connection to come back before it is reported failed. */
  outboundHoldMaxMs: number;
  /** Visibility of a received outbound command (extended while it runs or waits). */
  outboundVisibilitySeconds?: number;
  logLevel: string;
  /** `WA_VERSION` (e.g. 2.3000.1027934701): the WhatsApp Web version to announce instead of fetching the current one. */
  waVersion?: string;
  /** `MAX_INBOUND_MEDIA_MB` (default 100): larger inbound files are not downloaded; the message says so. */
  maxInboundMediaBytes: number;
  /** `MAX_HOST_MEDIA_DOWNLOADS` (default 8): inbound files downloading at once over all the host's connections. */
  maxHostDownloads: number;
  /** `SESSION_FLEET=true`: every host reads shard 0's queue and runs the connections it holds leases on. */
  fleet?: FleetConfig & LaneConfig;
  /**
   * `HOST_ID`: the id this process's leases carry, unique per process (default `<hostname>-<ulid>`).
   * The local runner names each host it spawns, so it can retire that host the moment it exits.
   */
  hostId?: string;
}

/**
 * Defaults sized in docs/deploy.md ("Fleet"): 20 s lease, renewed every 5 s; 200 connections per 1 vCPU / 2 GiB
 * task, from what a Baileys connection measured at the peak of a burst (bench/baileys-socket-memory.ts).
 */
export const FLEET_DEFAULTS: FleetConfig = { cap: 200, ttlMs: 20_000, renewMs: 5_000 };

const numberEnv = (env: NodeJS.ProcessEnv, name: string): number | undefined => {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
};

const required = (env: NodeJS.ProcessEnv, name: string): string => {
  const value = env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): HostConfig {
  const shard = numberEnv(env, 'SHARD') ?? 0;
  // In AWS a task knows only its own shard (adding a shard must not change the others' task
  // definitions): SESSION_SHARDS is checked when it is set (locally), not required.
  const shards = env.SESSION_SHARDS ? sessionShardCount() : shard + 1;
  if (shard >= shards) throw new Error(`SHARD ${shard} is outside SESSION_SHARDS ${shards}`);
  const localMode = env.LOCAL_MODE === 'true' || env.STAGE === 'local';
  const adapters = (env.ADAPTER ?? (localMode ? 'simulator' : 'baileys'))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean) as AdapterKind[];
  for (const kind of adapters) {
    if (!ADAPTER_KINDS.includes(kind)) throw new Error(`ADAPTER "${kind}" is not one of ${ADAPTER_KINDS.join(', ')}`);
  }
  if (adapters.length === 0) throw new Error('ADAPTER names no adapter');
  return {
    shard,
    shards,
    defaultAdapter: adapters[0]!,
    adapters,
    region: env.AWS_REGION ?? 'us-east-1',
    tableName: env.TABLE_NAME ?? DEFAULT_TABLE_NAME,
    dynamoDbEndpoint: env.DYNAMODB_ENDPOINT || undefined,
    sqsEndpoint: env.SQS_ENDPOINT || undefined,
    s3Endpoint: env.S3_ENDPOINT || undefined,
    outboundQueueUrl: required(env, queueUrlEnv(outboundQueueName(shard))),
    inboundQueueUrl: required(env, queueUrlEnv('inbound')),
    mediaBucket: required(env, 'MEDIA_BUCKET'),
    simulatorPort: numberEnv(env, 'SIMULATOR_PORT'),
    consoleTokenSecret: localMode ? env.JWT_SECRET || undefined : undefined,
    healthPort: numberEnv(env, 'HEALTH_PORT'),
    localMode,
    reconnect: {
      initialMs: numberEnv(env, 'RECONNECT_INITIAL_MS') ?? 1_000,
      maxMs: numberEnv(env, 'RECONNECT_MAX_MS') ?? (localMode ? 10_000 : 60_000),
    },
    outboundHoldMaxMs: numberEnv(env, 'OUTBOUND_HOLD_MAX_MS') ?? 15 * 60_000,
    outboundVisibilitySeconds: numberEnv(env, 'OUTBOUND_VISIBILITY_SECONDS'),
    logLevel: (env.LOG_LEVEL ?? 'info').toLowerCase(),
    waVersion: env.WA_VERSION || undefined,
    maxInboundMediaBytes: (numberEnv(env, 'MAX_INBOUND_MEDIA_MB') ?? 100) * 1024 * 1024,
    maxHostDownloads: numberEnv(env, 'MAX_HOST_MEDIA_DOWNLOADS') || DEFAULT_HOST_DOWNLOADS,
    fleet: env.SESSION_FLEET === 'true' ? loadFleet(env, shard) : undefined,
    hostId: env.HOST_ID || undefined,
  };
}

function loadFleet(env: NodeJS.ProcessEnv, shard: number): FleetConfig & LaneConfig {
  if (shard !== 0) throw new Error("SESSION_FLEET hosts all read shard 0's queue: leave SHARD unset");
  const fleet = {
    cap: numberEnv(env, 'HOST_CAP') ?? FLEET_DEFAULTS.cap,
    ttlMs: numberEnv(env, 'FLEET_LEASE_TTL_MS') ?? FLEET_DEFAULTS.ttlMs,
    renewMs: numberEnv(env, 'FLEET_RENEW_MS') ?? FLEET_DEFAULTS.renewMs,
  };
  // Three renewals fit in a lease, so one slow write never costs a healthy host its connections.
  if (fleet.renewMs * 3 > fleet.ttlMs) throw new Error('FLEET_RENEW_MS must be at most a third of FLEET_LEASE_TTL_MS');
  return { ...fleet, ...loadLanes(env) };
}

function loadLanes(env: NodeJS.ProcessEnv): LaneConfig {
  const lanes = numberEnv(env, 'SESSION_LANES') ?? 1;
  if (lanes < 1 || lanes > MAX_SESSION_LANES) throw new Error(`SESSION_LANES must be 1..${MAX_SESSION_LANES}, got ${lanes}`);
  const laneQueueUrls = Array.from({ length: lanes }, (_, lane) => required(env, queueUrlEnv(outboundQueueName(lane))));
  return { lanes, laneQueueUrls };
}
