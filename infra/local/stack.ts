/**
 * The whole local platform in one call: emulators (DynamoDB Local, fauxqs SQS, s3rver S3), the one
 * table, the manifest's queues, the local API Gateway (REST + WebSocket + @connections) on one origin
 * with the console, the SQS event-source mappings, the minute scheduler, the seed and the session host.
 * Used by `npm start`, the browser tests and the benches. One stack per process: it sets process.env
 * for the handlers it runs in-process.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { QUEUE_CONSUMERS, SCHEDULES, queueSpecs, queueUrlEnv } from '@atende/functions/manifest';
import { DEFAULT_TABLE_NAME } from '@atende/functions/table';
import { claimDataDir, dataDirLayout, persistentJwtSecret, recordDynamoDbPid, releaseDataDir } from './data-dir';
import { ensureTable, startDynamoDbLocal, type DynamoDbLocalJit } from './emulators/dynamodb-local';
import { freePort } from './emulators/free-port';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './emulators/local-aws';
import { startS3Emulator } from './emulators/s3-media';
import { countedPollerActions } from './emulators/sqs-in-process';
import { createQueues, startSqsEmulator, type LocalQueue } from './emulators/sqs-emulator';
import { startGateway, type Gateway } from './gateway/gateway-server';
import { mountStatic, mountVite, WEB_WORKSPACE, type MountedConsole } from './gateway/web-console';
import { createInvoker, type AreaHandlers, type Invoke } from './lambda-runtime';
import { startConsumerThread, type ConsumerThread } from './pollers/consumer-thread';
import { startScheduler, type Scheduler } from './pollers/scheduler';
import { startEventSourceMapping, type EventSourceMapping } from './pollers/sqs-event-source';
import type { DeliveryFaults } from './pollers/delivery-faults';
import { seedLocalPlatform, type LocalSeedResult } from './seed-logins';
import { createSessionHost, type SessionHostProcesses } from './session-host-process';
import { reportShardDown } from './report-shard-down';
import { retireEarlierHosts, retireExitedHost } from './retire-fleet-hosts';

export const MEDIA_BUCKET = 'atende-media';

/**
 * Batches in flight per queue locally. Lambda runs several invocations of a consumer at once (five
 * pollers to start with; on a FIFO queue as many as there are message groups with work, one batch per
 * group at a time), so a chat or a ticket waits only for its own earlier records. Locally the
 * invocations share the consumer thread's one event loop: the figures are what a laptop uses well
 * (bench/inbound-pipeline.ts), not Lambda's ceiling. Fewer slots make larger batches (each batch's
 * groups still run side by side, `processSqsBatch`) and fewer interleaved calls waiting on the one
 * loop: 3 + 2 beat 8 + 6, 4 + 3 and 2 + 2 at 100 msgs/s (docs/decisions.md "Fewer local consumer slots").
 */
const LOCAL_CONSUMER_CONCURRENCY: Record<string, number> = { inbound: 3, realtime: 2 };

export interface LocalStackOptions {
  /** Folder that keeps DynamoDB and S3 across restarts; undefined → in-memory DynamoDB and a temp S3 folder. */
  dataDir?: string;
  /** `vite`: dev server with HMR; `dist`: the built console (`consoleDir`, default `web/dist`); `none`: API only. */
  web: 'vite' | 'dist' | 'none';
  webRoot?: string;
  /** The built console `web: 'dist'` serves, when not `<webRoot>/dist` (the browser tests' one build). */
  consoleDir?: string;
  sessionHost: boolean;
  /**
   * `fleet` (default, as deployed): `SESSION_HOSTS` processes (1 unless set) claiming connections
   * through leases. `shards`: the shard hosts of before the fleet, one per `SESSION_SHARDS`, chosen
   * explicitly or by `SESSION_SHARDS` > 1.
   */
  sessionHostMode?: 'fleet' | 'shards';
  /** Gateway port; undefined or 0 → a free one. */
  port?: number;
  /** Seed the platform and demo companies (default true). */
  seed?: boolean;
  /** Extra environment for the handlers and the session host (wins over the defaults). */
  env?: Record<string, string>;
  /** Replace areas with fakes (tests); other areas load from functions/. */
  handlers?: AreaHandlers;
  /** SQS event-source mappings (default true). */
  pollers?: boolean;
  /** The one-minute scheduler tick (default true). */
  scheduler?: boolean;
  /**
   * Queue consumers on their own thread (default true; pollers/consumer-thread.ts), like Lambda's own
   * execution environments. Consumers whose area `handlers` replaces stay on this thread, and so do all
   * of them with `false` (benches that count AWS calls in this process).
   */
  consumerThread?: boolean;
  /** A module (URL) the consumer thread loads to wrap its handlers (benches' timing: ConsumerProbe). */
  consumerProbe?: string;
  /** Told of each SQS request of the local event-source mappings (they bypass the SDK: benches count them here). */
  onPollerCall?: (action: 'ReceiveMessage' | 'DeleteMessageBatch') => void;
  /** DynamoDB Local's JVM: `quick-start` (default: tests) or `steady` (long runs: `npm start`, the inbound bench). */
  dynamoDbJit?: DynamoDbLocalJit;
  /** Faults on purpose (the fault suite, e2e/faults); none by default. */
  faults?: LocalFaults;
}

export interface LocalFaults {
  /**
   * Puts something between the platform and DynamoDB Local (a fault-injecting proxy): given DynamoDB
   * Local's endpoint, answers the one the handlers, the seed and the session host use.
   */
  interposeDynamoDb?: (endpoint: string) => string;
  /**
   * The same between the session host and SQS (its command queue, the channel events it sends): given
   * the SQS emulator's endpoint, answers the one the session host uses.
   */
  interposeSessionHostSqs?: (endpoint: string) => string;
  /** SQS's delivery faults in the local event-source mappings (pollers/delivery-faults.ts). */
  delivery?: DeliveryFaults;
}

export interface LocalStack {
  /** The console: `http://127.0.0.1:<port>` */
  url: string;
  apiUrl: string;
  wsUrl: string;
  /** Everything the handlers and the session host get (also applied to process.env). */
  env: Record<string, string>;
  seeded: LocalSeedResult;
  sessionHost: SessionHostProcesses | undefined;
  gateway: Gateway;
  queues: Map<string, LocalQueue>;
  scheduler: Scheduler | undefined;
  /** The consumer thread, when the consumers run on one (the first one: see `crashConsumerThread`). */
  consumerThread: ConsumerThread | undefined;
  /**
   * The fault suite's consumer crash: ends the consumer thread at once, like a Lambda execution
   * environment killed mid-batch (invocations in flight are cut off wherever they are, between a write
   * and the delete included; their batches come back after the visibility timeout), then starts a new
   * thread the mappings hand their next batches to. Answers how many invocations it cut off.
   * Undefined without a consumer thread.
   */
  crashConsumerThread: (() => Promise<number>) | undefined;
  /** Invocations the consumer thread is running now (0 without one). */
  consumerInvocationsInFlight: () => number;
  endpoints: { dynamodb: string; sqs: string; s3: string };
  invoke: Invoke;
  readyInMs: number;
  stop(): Promise<void>;
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const startedAt = performance.now();
  const layout = options.dataDir ? dataDirLayout(resolve(options.dataDir)) : undefined;
  if (layout) await claimDataDir(layout.root);
  const s3Dir = layout?.s3 ?? mkdtempSync(join(tmpdir(), 'atende-s3-'));
  // Stopped in this order: producers and consumers first, then the gateway (its sockets' $disconnect
  // handlers still need the table), then the emulators.
  const stops: Record<
    'sessionHost' | 'scheduler' | 'pollers' | 'gateway' | 'console' | 'emulators',
    (() => Promise<void> | void)[]
  > = {
    sessionHost: [],
    scheduler: [],
    pollers: [],
    gateway: [],
    console: [],
    emulators: [],
  };
  const cleanup = async () => {
    for (const group of Object.values(stops)) {
      await Promise.all(
        group.splice(0).map((fn) =>
          Promise.resolve()
            .then(fn)
            .catch(() => {}),
        ),
      );
    }
    if (layout) releaseDataDir(layout.root);
    else rmSync(s3Dir, { recursive: true, force: true });
  };

  try {
    const invoke = createInvoker(options.handlers);
    const gateway = await startGateway({ invoke, port: options.port || (await freePort()), held: true });
    stops.gateway.push(() => gateway.stop());
    const origin = gateway.origin;
    const consoleOrigins = [origin, origin.replace('127.0.0.1', 'localhost')];

    // The slow parts (Java, Vite's config load) overlap; all settle before a failure is thrown, so
    // whatever did start gets stopped.
    const [ddb, sqs, s3] = await allStarted([
      startDynamoDbLocal({ dataDir: layout?.dynamodb, detached: true, jit: options.dynamoDbJit }).then((d) => {
        stops.emulators.push(() => d.stop());
        return d;
      }),
      startSqsEmulator({ dataDir: layout?.sqs }).then((q) => {
        stops.emulators.push(() => q.stop());
        return q;
      }),
      startS3Emulator({ directory: s3Dir, buckets: [MEDIA_BUCKET], corsOrigins: consoleOrigins }).then((e) => {
        stops.emulators.push(() => e.stop());
        return e;
      }),
      mountConsole(gateway, options).then((c) => {
        if (c) stops.console.push(() => c.close());
        return c;
      }),
    ] as const);
    if (layout) recordDynamoDbPid(layout.root, ddb.process.pid);

    const { shards, fleetHosts } = sessionHostLayout(options);
    const [, queues] = await Promise.all([
      ensureTable(ddb.endpoint, DEFAULT_TABLE_NAME),
      createQueues(sqs.endpoint, queueSpecs(shards, { fleet: fleetHosts > 0 })),
    ]);

    const env: Record<string, string> = {
      STAGE: 'local',
      LOCAL_MODE: 'true',
      PIX_WEBHOOK_SECRET: randomBytes(24).toString('base64url'),
      PUBLIC_URL: origin,
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      TABLE_NAME: DEFAULT_TABLE_NAME,
      DYNAMODB_ENDPOINT: options.faults?.interposeDynamoDb?.(ddb.endpoint) ?? ddb.endpoint,
      SQS_ENDPOINT: sqs.endpoint,
      S3_ENDPOINT: s3.endpoint,
      MEDIA_BUCKET,
      WS_MANAGEMENT_ENDPOINT: origin,
      JWT_SECRET: layout ? persistentJwtSecret(layout.jwtSecretFile) : randomBytes(48).toString('base64url'),
      REFRESH_COOKIE_SECURE: 'false',
      REFRESH_COOKIE_SAMESITE: 'Lax',
      SESSION_SHARDS: String(shards),
      // One machine serves every company here, with no stage throttle in front: the per-company share
      // of a deployed stage (500 per 10 s) would only throttle local benches driving one company.
      COMPANY_REQUESTS_PER_WINDOW: process.env.COMPANY_REQUESTS_PER_WINDOW ?? '5000',
      ...Object.fromEntries([...queues.values()].map((q) => [queueUrlEnv(q.spec.name), q.url])),
      ...options.env,
    };
    Object.assign(process.env, env);
    await forgetCachedClients();
    gateway.open(); // the handlers have their environment now

    const seeded =
      options.seed === false
        ? { available: false, created: false, logins: [] }
        : await seedLocalPlatform(layout?.seedCredentialsFile);

    let consumerThread: ConsumerThread | undefined;
    let crashConsumerThread: (() => Promise<number>) | undefined;
    let consumerInvocationsInFlight = () => 0;
    if (options.pollers !== false) {
      const threaded = QUEUE_CONSUMERS.filter((c) => options.consumerThread !== false && !options.handlers?.[c.area]);
      if (threaded.length) {
        consumerThread = await startConsumerThread({
          env,
          areas: threaded.map((c) => c.area),
          probe: options.consumerProbe,
        });
      }
      // The mappings poll here, beside the SQS emulator (Lambda's pollers are not the function's work),
      // and hand their batches to the consumer thread. Stopped in that order: the mappings (their
      // batches in flight finish), then the thread.
      let thread = consumerThread;
      if (thread) {
        const threadData = { env, areas: threaded.map((c) => c.area), probe: options.consumerProbe };
        consumerInvocationsInFlight = () => thread?.inFlight() ?? 0;
        crashConsumerThread = async () => {
          const crashed = thread!;
          const cutOff = crashed.inFlight();
          await crashed.worker.terminate();
          thread = await startConsumerThread(threadData);
          return cutOff;
        };
      }
      const threadInvoke: Invoke = (area, event, invokeOptions) => thread!.invoke(area, event, invokeOptions);
      const pollerActions = options.onPollerCall
        ? countedPollerActions(sqs.pollerActions, options.onPollerCall)
        : sqs.pollerActions;
      const mappings: EventSourceMapping[] = [];
      stops.pollers.push(async () => {
        await Promise.all(mappings.map((m) => m.stop()));
        await thread?.stop();
      });
      for (const consumer of QUEUE_CONSUMERS) {
        const queue = queues.get(consumer.queue);
        if (!queue) throw new Error(`consumer of unknown queue ${consumer.queue}`);
        mappings.push(
          startEventSourceMapping({
            sqs: pollerActions,
            invoke: thread && threaded.includes(consumer) ? threadInvoke : invoke,
            queueUrl: queue.url,
            queueArn: queue.arn,
            area: consumer.area,
            batchSize: consumer.batchSize,
            maxBatchingWindowSeconds: consumer.maxBatchingWindowSeconds,
            concurrency: LOCAL_CONSUMER_CONCURRENCY[consumer.queue] ?? 2,
            functionTimeoutMs: queue.spec.visibilityTimeoutSeconds * 1000,
            faults: options.faults?.delivery,
          }),
        );
      }
    }
    const scheduler = options.scheduler === false ? undefined : startScheduler(SCHEDULES, invoke);
    if (scheduler) stops.scheduler.push(() => scheduler.stop());

    let sessionHost: SessionHostProcesses | undefined;
    if (options.sessionHost) {
      if (fleetHosts) await retireEarlierHosts();
      const hostSqs = options.faults?.interposeSessionHostSqs?.(sqs.endpoint);
      const hostEnv = hostSqs ? { ...env, SQS_ENDPOINT: hostSqs } : env;
      sessionHost = fleetHosts
        ? await createSessionHost({
            shards: fleetHosts,
            fleet: true,
            env: hostEnv,
            onUnexpectedExit: async (_index, hostId) => (hostId ? retireExitedHost(hostId) : undefined),
          })
        : await createSessionHost({ shards, env: hostEnv, onUnexpectedExit: (shard) => reportShardDown(env, shard) });
      const host = sessionHost;
      await host.start();
      stops.sessionHost.push(() => host.stop());
      if (host.available) gateway.setSimulatorPort((shard) => host.simulatorPort(shard));
    }

    return {
      url: origin,
      apiUrl: `${origin}/api`,
      wsUrl: `${origin.replace(/^http/, 'ws')}/ws`,
      env,
      seeded,
      sessionHost,
      gateway,
      queues,
      scheduler,
      consumerThread,
      crashConsumerThread,
      consumerInvocationsInFlight: () => consumerInvocationsInFlight(),
      endpoints: { dynamodb: ddb.endpoint, sqs: sqs.endpoint, s3: s3.endpoint },
      invoke,
      readyInMs: Math.round(performance.now() - startedAt),
      stop: cleanup,
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/**
 * The fleet by default (`SESSION_HOSTS` hosts, 1 unless set; one outbound queue), or the shards
 * (`SESSION_SHARDS` of them, each its own queue) when asked for or when `SESSION_SHARDS` > 1.
 */
function sessionHostLayout(options: LocalStackOptions): { shards: number; fleetHosts: number } {
  const setting = (name: string) => options.env?.[name] ?? process.env[name];
  const shards = Number(setting('SESSION_SHARDS') ?? 1) || 1;
  const mode = options.sessionHostMode ?? (shards > 1 ? 'shards' : 'fleet');
  if (mode === 'shards') {
    if (setting('SESSION_HOSTS')) throw new Error('SESSION_HOSTS (a fleet) and shard mode exclude each other');
    return { shards, fleetHosts: 0 };
  }
  if (shards > 1) throw new Error('SESSION_SHARDS > 1 asks for shard mode; the fleet reads one queue');
  return { shards: 1, fleetHosts: Number(setting('SESSION_HOSTS') ?? 1) || 1 };
}

async function allStarted<T extends readonly unknown[]>(starts: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(starts);
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

async function mountConsole(gateway: Gateway, options: LocalStackOptions): Promise<MountedConsole | undefined> {
  const webRoot = options.webRoot ?? WEB_WORKSPACE;
  if (options.web === 'vite') return mountVite(gateway, webRoot);
  if (options.web === 'dist') return mountStatic(gateway, options.consoleDir ?? join(webRoot, 'dist'));
  return undefined;
}

/** The functions cache their SDK clients and signing key per process; a new stack has new endpoints. */
async function forgetCachedClients(): Promise<void> {
  const { resetDataClient, resetSigningKey } = await import('@atende/functions/ops');
  resetDataClient();
  resetSigningKey();
}
