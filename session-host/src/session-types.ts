/** Types of the session manager (src/session-manager.ts). */
import type { AdapterKind, ConnectionStatus } from '@atende/shared';
import type { ChannelAdapter } from './adapters/channel-adapter';
import type { ConnectionAuthState, DynamoDbAuthStateStore } from './auth-state/dynamodb-auth-state';
import type { BackoffConfig } from './config';
import type { Logger } from './logger';
import type { MediaStore } from './media/media-store';
import type { EventSink } from './queues/inbound-publisher';
import type { ShardRegistry } from './registry/shard-registry';

export interface SessionManagerDeps {
  registry: ShardRegistry;
  authStore: DynamoDbAuthStateStore;
  media: MediaStore;
  sink: EventSink;
  createAdapter(kind: AdapterKind): ChannelAdapter;
  adapters: AdapterKind[];
  defaultAdapter: AdapterKind;
  reconnect: BackoffConfig;
  log: Logger;
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
