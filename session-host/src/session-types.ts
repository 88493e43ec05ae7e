/** Types of the session manager (src/session-manager.ts). */
import type { AdapterKind, ConnectionStatus } from '@atende/shared';
import type { ChannelAdapter } from './adapters/channel-adapter';
import type { ConnectionAuthState, DynamoDbAuthStateStore } from './auth-state/dynamodb-auth-state';
import type { BackoffConfig } from './config';
import type { Logger } from './logger';
import type { MediaStore } from './media/media-store';
import type { EventSink } from './queues/inbound-publisher';
import type { RegisteredSession } from './registry/shard-registry';

/** Which sessions this host should run: a shard's registry, or the fleet's leases (fleet/fleet-registry.ts). */
export interface SessionRegistry {
  register(session: Omit<RegisteredSession, 'registeredAt'>): Promise<void>;
  unregister(companyId: string, connectionId: string): Promise<void>;
  list(): Promise<Omit<RegisteredSession, 'registeredAt'>[]>;
  /** Who writes the connection's auth state (the fleet's `<hostId>#<token>`); a fresh id when undefined. */
  authOwner?(connectionId: string): string | undefined;
  /** Fleet: `host.restart` reaches every host (fleet-member.ts); without it the host restarts its own sessions. */
  restartFleet?(commandId: string): Promise<void>;
}

export interface SessionManagerDeps {
  registry: SessionRegistry;
  authStore: DynamoDbAuthStateStore;
  media: MediaStore;
  sink: EventSink;
  createAdapter(kind: AdapterKind): ChannelAdapter;
  adapters: AdapterKind[];
  defaultAdapter: AdapterKind;
  reconnect: BackoffConfig;
  log: Logger;
  /** How long a message's first ack waits for higher ones (queues/ack-coalescer.ts); tests change it. */
  ackWindowMs?: number;
}

/** What the outbound consumer needs to know before executing a message command. */
export type Readiness = 'connected' | 'transient' | 'unavailable';

export interface SessionSnapshot {
  companyId: string;
  connectionId: string;
  adapter: AdapterKind;
  status: ConnectionStatus;
  number?: string;
}

export interface ManagedSession {
  companyId: string;
  connectionId: string;
  kind: AdapterKind;
  adapter: ChannelAdapter;
  auth: ConnectionAuthState;
  status: ConnectionStatus;
  number?: string;
  lastPublished?: string;
  lastQr?: string;
  qrAttempt: number;
  retryAttempt: number;
  retryTimer?: NodeJS.Timeout;
  /** Publish OPENING on the next `connecting` (explicit starts; silent during automatic retries). */
  announceOpening: boolean;
  /** Closed on purpose (stop, logout, new QR): ignore the adapter's close. */
  closing: boolean;
}
