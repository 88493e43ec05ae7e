/**
 * Wires one session host together from a `HostConfig`: AWS clients, auth-state store, shard
 * registry, adapters, session manager, outbound consumer, inbound publisher, health and (local)
 * simulator servers. `main.ts` runs it; the tests and the bench build hosts with overrides.
 */
import type { Server } from 'node:http';
import { hostname } from 'node:os';
import { SESSION_HOST_HEARTBEAT_MESSAGE, type AdapterKind, type ConnectionStatus } from '@atende/shared';
import { ulid } from '@atende/shared/ids';
import { BaileysAdapter, type SocketFactory } from './adapters/baileys/baileys-adapter';
import { WaVersionSource } from './adapters/baileys/wa-version';
import type { ChannelAdapter } from './adapters/channel-adapter';
import { SimulatorAdapter } from './adapters/simulator/simulator-adapter';
import { SimulatorPersistence } from './adapters/simulator/simulator-persistence';
import type { SimulatorTiming } from './adapters/simulator/simulator-types';
import { SimulatorWorld } from './adapters/simulator/simulator-world';
import { DynamoDbAuthStateStore } from './auth-state/dynamodb-auth-state';
import { createAwsClients, type AwsClients } from './aws/clients';
import type { HostConfig } from './config';
import { close, createHealthServer, listen } from './health';
import { createLogger, type Logger } from './logger';
import { DownloadSlots } from './media/download-slots';
import { MediaStore } from './media/media-store';
import { InboundPublisher, type EventSink } from './queues/inbound-publisher';
import { OutboundConsumer } from './queues/outbound-consumer';
import { CommandLog } from './registry/command-log';
import { HEARTBEAT_INTERVAL_MS, ShardRegistry } from './registry/shard-registry';
import { FleetMember } from './fleet/fleet-member';
import { FleetRegistry } from './fleet/fleet-registry';
import { ShardPinAdopter } from './fleet/shard-pins';
import { SessionManager } from './session-manager';
import { createControlApi } from './simulator/control-api';

export interface HostOverrides {
  log?: Logger;
  /** Replaces the SQS inbound publisher (tests, bench). */
  sink?: EventSink;
  simulatorTiming?: Partial<SimulatorTiming>;
  baileysSocketFactory?: SocketFactory;
  /** Long-poll wait of the outbound consumer (tests use 1 s so stopping is quick). */
  receiveWaitSeconds?: number;
  /** Interface the HTTP servers bind; default 127.0.0.1 locally, 0.0.0.0 in AWS. */
  bindHost?: string;
  /** How long a message's first ack waits for higher ones (default ACK_WINDOW_MS). */
  ackWindowMs?: number;
}

export class SessionHost {
  readonly hostId: string;
  readonly log: Logger;
  readonly clients: AwsClients;
  readonly manager: SessionManager;
  readonly consumer: OutboundConsumer;
  readonly world: SimulatorWorld | undefined;
  private readonly simulatorState: SimulatorPersistence | undefined;
  readonly registry: ShardRegistry;
  /** Fleet mode only: this host's leases (fleet/fleet-member.ts). */
  readonly fleet: FleetMember | undefined;
  /** Fleet mode only: turns connections pinned to shards (a deployment from before the fleet) into free leases. */
  private readonly pins: ShardPinAdopter | undefined;
  readonly authStore: DynamoDbAuthStateStore;
  private readonly publisher: InboundPublisher | undefined;
  private readonly startedAt = new Date().toISOString();
  /** One WhatsApp Web version lookup for every Baileys socket of the host. */
  private readonly waVersions: WaVersionSource;
  /** One cap on concurrent inbound downloads for every Baileys socket of the host. */
  private readonly downloads: DownloadSlots;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private servers: Server[] = [];
  private readonly controlApi: (() => Server) | undefined;
  /** Ports actually bound (0 in the config asks the OS for a free one). */
  readonly ports: { health?: number; simulator?: number } = {};

  constructor(
    readonly config: HostConfig,
    private readonly overrides: HostOverrides = {},
  ) {
    this.hostId = config.hostId ?? `${hostname()}-${ulid()}`;
    this.log = overrides.log ?? createLogger(config.logLevel);
    this.clients = createAwsClients(config);
    this.waVersions = new WaVersionSource({ override: config.waVersion });
    this.downloads = new DownloadSlots(config.maxHostDownloads);
    const media = new MediaStore(this.clients.s3, config.mediaBucket);
    this.authStore = new DynamoDbAuthStateStore({ ddb: this.clients.ddb, tableName: config.tableName });
    this.registry = new ShardRegistry(this.clients.ddb, config.tableName, config.shard);
    this.publisher = overrides.sink ? undefined : new InboundPublisher(this.clients.sqs, config.inboundQueueUrl, this.log);
    this.simulatorState = config.adapters.includes('simulator')
      ? new SimulatorPersistence(this.clients.ddb, config.tableName, this.log)
      : undefined;
    this.world = this.simulatorState
      ? new SimulatorWorld({
          media,
          log: this.log,
          timing: overrides.simulatorTiming,
          maxInboundMediaBytes: config.maxInboundMediaBytes,
          persistence: this.simulatorState,
        })
      : undefined;
    const table = { ddb: this.clients.ddb, tableName: config.tableName };
    this.fleet = config.fleet
      ? new FleetMember({
          table,
          hostId: this.hostId,
          cap: config.fleet.cap,
          lanes: config.fleet.lanes,
          timing: config.fleet,
          log: this.log,
          sessions: {
            open: (lease) =>
              this.manager.adopt(
                lease.companyId,
                lease.connectionId,
                config.adapters.includes(lease.adapter) ? lease.adapter : config.defaultAdapter,
              ),
            close: (connectionId) => this.manager.close(connectionId),
            restart: () => this.manager.restartAll(),
          },
        })
      : undefined;
    this.pins = this.fleet ? new ShardPinAdopter(table, this.log) : undefined;
    const fleetRegistry = this.fleet ? new FleetRegistry(this.fleet, config.defaultAdapter) : undefined;
    this.manager = new SessionManager({
      registry: fleetRegistry ?? this.registry,
      authStore: this.authStore,
      media,
      sink: overrides.sink ?? this.publisher!,
      createAdapter: (kind) => this.createAdapter(kind),
      adapters: config.adapters,
      defaultAdapter: config.defaultAdapter,
      reconnect: config.reconnect,
      log: this.log,
      ackWindowMs: overrides.ackWindowMs,
    });
    this.consumer = new OutboundConsumer({
      sqs: this.clients.sqs,
      // A fleet host reads its lane's queue, known once it joined (`start`); lane 0's is shard 0's.
      queueUrl: () => (this.fleet ? config.fleet!.laneQueueUrls[this.fleet.lane]! : config.outboundQueueUrl),
      manager: this.manager,
      placement: fleetRegistry,
      commandLog: new CommandLog(this.clients.ddb, config.tableName),
      log: this.log,
      holdMaxMs: config.outboundHoldMaxMs,
      visibilityTimeoutSeconds: config.outboundVisibilitySeconds,
      waitTimeSeconds: overrides.receiveWaitSeconds,
    });
    if (this.world) {
      const world = this.world;
      const mediaStore = media;
      this.controlApi = () =>
        createControlApi({
          world,
          media: mediaStore,
          log: this.log,
          statusOf: (id) => this.manager.statusOf(id),
          health: () => this.health(),
          consoleTokenSecret: config.consoleTokenSecret,
        });
    }
  }

  /** Resumes the shard's sessions, then starts consuming commands (so a command never finds its session missing). */
  async start(): Promise<void> {
    const bindHost = this.overrides.bindHost ?? (this.config.localMode ? '127.0.0.1' : '0.0.0.0');
    if (this.config.healthPort !== undefined) {
      const server = createHealthServer(() => this.health());
      this.ports.health = await listen(server, this.config.healthPort, bindHost);
      this.servers.push(server);
    }
    if (this.controlApi && this.config.simulatorPort !== undefined && this.config.localMode) {
      const server = this.controlApi();
      // Never exposed beyond this machine: the console reaches it through the local gateway.
      this.ports.simulator = await listen(server, this.config.simulatorPort, '127.0.0.1');
      this.servers.push(server);
    }
    // A fleet host claims its share on its first round; a shard host resumes its registry.
    await this.pins?.start();
    if (this.fleet) await this.fleet.start();
    const resumed = this.fleet ? this.fleet.held.length : await this.manager.resumeAll();
    this.consumer.start();
    await this.beat();
    this.heartbeatTimer = setInterval(() => void this.beat(), HEARTBEAT_INTERVAL_MS);
    this.log.info(
      { shard: this.config.shard, resumed, adapters: this.config.adapters, ports: this.ports },
      'session host started',
    );
  }

  /** Graceful stop: no new commands, held ones handed back, sockets closed (credentials kept), DISCONNECTED published. */
  async stop(): Promise<void> {
    clearInterval(this.heartbeatTimer);
    this.pins?.stop();
    await this.consumer.stop();
    // Fleet: every connection closed and released, so the other hosts claim them on their next round.
    await this.fleet?.stop();
    await this.manager.stopAll();
    await this.publisher?.flush();
    this.publisher?.stop();
    if (!this.fleet)
      await this.registry.markStopped(this.hostId).catch((err) => this.log.warn({ err }, 'heartbeat item not removed'));
    await Promise.all(this.servers.map((s) => close(s)));
    this.world?.dispose();
    await this.simulatorState?.flush();
    this.clients.destroy();
    this.log.info('session host stopped');
  }

  health(): Record<string, unknown> {
    const sessions = this.manager.snapshot();
    const byStatus: Partial<Record<ConnectionStatus, number>> = {};
    for (const s of sessions) byStatus[s.status] = (byStatus[s.status] ?? 0) + 1;
    return {
      shard: this.config.shard,
      adapters: this.config.adapters,
      hostId: this.hostId,
      startedAt: this.startedAt,
      sessions: { total: sessions.length, ...byStatus },
      outbound: { ...this.consumer.stats, inFlight: this.consumer.inFlight },
      ...(this.fleet
        ? {
            fleet: {
              hostId: this.fleet.hostId,
              lane: this.fleet.lane,
              connections: sessions.map((s) => s.connectionId),
              connected: sessions.filter((s) => s.status === 'CONNECTED').map((s) => s.connectionId),
            },
          }
        : {}),
    };
  }

  private createAdapter(kind: AdapterKind): ChannelAdapter {
    if (kind === 'simulator' && this.world) return new SimulatorAdapter(this.world);
    return new BaileysAdapter({
      log: this.log,
      createSocket: this.overrides.baileysSocketFactory,
      versions: this.waVersions,
      mediaLimits: { maxBytes: this.config.maxInboundMediaBytes },
      hostDownloads: this.downloads,
    });
  }

  private async beat(): Promise<void> {
    const sessions = this.manager.snapshot();
    const connected = sessions.filter((s) => s.status === 'CONNECTED').length;
    this.log.info({ shard: this.config.shard, sessions: sessions.length, connected }, SESSION_HOST_HEARTBEAT_MESSAGE);
    if (this.fleet) return; // the fleet's host lease is its liveness; the shard's heartbeat item is not ours
    await this.registry
      .heartbeat({
        hostId: this.hostId,
        startedAt: this.startedAt,
        sessions: sessions.length,
        connected,
      })
      .catch((err) => this.log.warn({ err }, 'heartbeat not written'));
  }
}
