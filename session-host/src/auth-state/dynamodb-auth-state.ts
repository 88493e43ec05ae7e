/**
 * Baileys auth state (credentials + Signal keys) in DynamoDB, modelled on Baileys'
 * `useMultiFileAuthState` but with one item per key: `creds` and `key#<type>#<id>` under
 * `C#<companyId>#WAAUTH#<connectionId>`. Values are JSON with `BufferJSON` so Buffers round-trip;
 * values past DynamoDB's item limit are compressed and split (large-values.ts).
 *
 * Reads go through an in-memory cache (misses cached too: Baileys asks for the same absent
 * pre-keys and sessions again and again). A read that misses and a write of the same key may
 * overlap: every write bumps the key's version, and a read only caches what it fetched if no write
 * happened since it started (the written value wins; otherwise a stale Signal session would be pinned,
 * which shows up as "Bad MAC"). Writes are serialised per connection, so they land in order.
 *
 * Credentials are written under a lease: the process that loaded them last owns them, and a write
 * from anyone else fails its condition and is refused (two hosts never take turns overwriting them);
 * Signal key writes are fenced by the same lease in the same transaction (credential-lease.ts).
 * The simulator keeps its fake credentials here too, so both adapters resume the same way.
 */
import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryPages } from '@atende/functions/shared-surface';
import {
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
  type SignalKeyStore,
} from '@whiskeysockets/baileys';
import { authPk, CREDS_SK, SIGNAL_KEY_PREFIX, signalKeySk } from './auth-keys';
import { ChatKeyStore } from './chat-keys';
import { CredentialLease, CredentialsSupersededError, isConditionFailed } from './credential-lease';
import { SentMessageStore } from './sent-messages';
import { batchGet, batchWrite, fencedWrite, FenceLostError, type WriteRequest } from './batch-io';
import {
  decodeJson,
  encodeJson,
  joinParts,
  partDeletes,
  partSk,
  readValue,
  VALUE_ATTRIBUTES,
  valueWrites,
  type SplitLocation,
} from './large-values';

/** Per-connection cap on cached keys; sessions are a few KB each, so this bounds memory per connection. */
const DEFAULT_CACHE_ENTRIES = 2_000;

export { CredentialsSupersededError } from './credential-lease';

export interface AuthStateStoreOptions {
  ddb: DynamoDBDocumentClient;
  tableName: string;
  cacheEntries?: number;
}

/** Factory shared by every session of the host. */
export class DynamoDbAuthStateStore {
  constructor(private readonly options: AuthStateStoreOptions) {}

  /** `leaseOwner`: who writes (the fleet's `<hostId>#<token>`); a fresh id per object by default. */
  forConnection(companyId: string, connectionId: string, leaseOwner?: string): ConnectionAuthState {
    return new ConnectionAuthState(this.options, authPk(companyId, connectionId), leaseOwner);
  }
}

interface CacheEntry {
  value: unknown;
  version: number;
}

/** One connection's auth state. `load()` before handing `state` to a socket. */
export class ConnectionAuthState {
  private credsValue: AuthenticationCreds | undefined;
  /** `<type>#<id>` → value (`null` = known to be absent). Map order = insertion order, used for eviction. */
  private readonly cache = new Map<string, CacheEntry>();
  /** Where each split value's parts are, so the next write can delete them. */
  private readonly splits = new Map<string, SplitLocation>();
  private readonly ddb: DynamoDBDocumentClient;
  private readonly tableName: string;
  private readonly cacheEntries: number;
  /** Bumped by every key write; a read caches what it fetched only if no write came after it started. */
  private version = 0;
  private readonly writtenAt = new Map<string, number>();
  private readsInFlight = 0;
  private keyWrites: Promise<void> = Promise.resolve();
  private saving: Promise<void> = Promise.resolve();
  private saveQueued: Promise<void> | undefined;
  /** This process's lease on the credentials item. */
  private readonly lease: CredentialLease;

  constructor(
    options: AuthStateStoreOptions,
    readonly pk: string,
    leaseOwner?: string,
  ) {
    this.ddb = options.ddb;
    this.tableName = options.tableName;
    this.cacheEntries = options.cacheEntries ?? DEFAULT_CACHE_ENTRIES;
    this.lease = new CredentialLease(this.ddb, this.tableName, pk, leaseOwner);
    this.sentMessages = new SentMessageStore(this.ddb, this.tableName, pk);
    this.chatKeys = new ChatKeyStore(this.ddb, this.tableName, pk);
  }

  /** Reads the stored credentials (taking the lease on them), or makes fresh ones (a new device: the next socket shows a QR). */
  async load(): Promise<AuthenticationCreds> {
    const out = await this.ddb.send(
      new GetCommand({ TableName: this.tableName, Key: { PK: this.pk, SK: CREDS_SK }, ConsistentRead: true }),
    );
    const data = out.Item?.data as string | undefined;
    this.credsValue = data ? decodeJson<AuthenticationCreds>(data) : initAuthCreds();
    await this.lease.take(Boolean(out.Item));
    return this.credsValue;
  }

  /**
   * Loads once per object: after that the in-memory credentials are the truth (Baileys mutates them
   * in place), so a reconnect in the same process never reads back an older save.
   */
  async ensureLoaded(): Promise<AuthenticationCreds> {
    return this.credsValue ?? this.load();
  }

  /** Waits for credential and key writes in progress (before handing the connection to another host). */
  async flush(): Promise<void> {
    await Promise.all([this.saving.catch(() => undefined), this.keyWrites.catch(() => undefined)]);
  }

  get creds(): AuthenticationCreds {
    if (!this.credsValue) throw new Error('auth state not loaded');
    return this.credsValue;
  }

  /**
   * True when these credentials belong to a paired device, i.e. a socket can resume without a QR.
   * `me` alone is not enough: `requestPairingCode` writes `me` before the phone has accepted anything;
   * `account` is only set by a successful pairing (Baileys' configureSuccessfulPairing). Credentials
   * saved by the simulator before it wrote `account` count too (`registered`, and no pairing code pending).
   */
  get isRegistered(): boolean {
    const creds = this.credsValue;
    return Boolean(creds?.me?.id && (creds.account || (creds.registered && !creds.pairingCode)));
  }

  /** `me` was written by a pairing that never finished: resuming with it would be refused as a logout. */
  get hasUnfinishedPairing(): boolean {
    return Boolean(this.credsValue?.me?.id && !this.isRegistered);
  }

  /** Content of this connection's sent messages (Baileys' getMessage), outside any socket. */
  readonly sentMessages: SentMessageStore;
  /** The chat each inbound message came on, outside any process (chat-keys.ts). */
  readonly chatKeys: ChatKeyStore;

  get isSuperseded(): boolean {
    return this.lease.isSuperseded;
  }

  onSuperseded(listener: () => void): void {
    this.lease.onSuperseded(listener);
  }

  /** The object Baileys' `makeWASocket({ auth })` expects. Baileys mutates `creds` in place, then calls `saveCreds`. */
  get state(): AuthenticationState {
    return { creds: this.creds, keys: this.keys };
  }

  /**
   * Baileys fires `creds.update` in bursts; writes are chained so an older snapshot can never land
   * after a newer one, and a burst collapses into at most one extra write. Conditional on the lease.
   */
  saveCreds(): Promise<void> {
    if (this.lease.isSuperseded) return Promise.reject(new CredentialsSupersededError(this.pk));
    if (this.saveQueued) return this.saveQueued;
    const run = this.saving
      .catch(() => undefined)
      .then(async () => {
        this.saveQueued = undefined;
        if (this.lease.isSuperseded) throw new CredentialsSupersededError(this.pk);
        try {
          await this.ddb.send(
            new PutCommand({
              TableName: this.tableName,
              Item: {
                PK: this.pk,
                SK: CREDS_SK,
                entity: 'waAuthCreds',
                data: encodeJson(this.creds),
                owner: this.lease.owner,
                updatedAt: new Date().toISOString(),
              },
              ConditionExpression: 'attribute_not_exists(PK) OR #owner = :me',
              ExpressionAttributeNames: { '#owner': 'owner' },
              ExpressionAttributeValues: { ':me': this.lease.owner },
            }),
          );
        } catch (err) {
          if (!isConditionFailed(err)) throw err;
          this.lease.supersede();
        }
      });
    this.saveQueued = run;
    this.saving = run;
    return run;
  }

  readonly keys: SignalKeyStore = {
    get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
      const result: { [id: string]: SignalDataTypeMap[T] } = {};
      const missing: string[] = [];
      for (const id of ids) {
        const entry = this.cache.get(`${type}#${id}`);
        if (!entry) {
          missing.push(id);
          continue;
        }
        if (entry.value !== null && entry.value !== undefined) result[id] = entry.value as SignalDataTypeMap[T];
      }
      if (missing.length === 0) return result;
      const startedAt = this.version;
      this.readsInFlight += 1;
      const fetched = await this.fetchValues(missing.map((id) => signalKeySk(type, id))).finally(() => {
        this.readsInFlight -= 1;
      });
      for (const id of missing) {
        const cacheKey = `${type}#${id}`;
        // Written while we were reading: what was written is newer than what we read.
        const value =
          (this.writtenAt.get(cacheKey) ?? -1) > startedAt
            ? (this.cache.get(cacheKey)?.value ?? null)
            : this.remember(cacheKey, reviveKey(type, fetched.get(signalKeySk(type, id)) ?? null), startedAt);
        if (value !== null && value !== undefined) result[id] = value as SignalDataTypeMap[T];
      }
      this.forgetOldWrites();
      return result;
    },
    set: async (data: SignalDataSet) => {
      const parts: WriteRequest[] = [];
      const writes: WriteRequest[] = [];
      const deletes: WriteRequest[] = [];
      for (const [type, values] of Object.entries(data)) {
        for (const [id, value] of Object.entries(values ?? {})) {
          const SK = signalKeySk(type, id);
          const version = ++this.version;
          this.writtenAt.set(`${type}#${id}`, version);
          this.remember(`${type}#${id}`, value ?? null, version);
          const previous = this.splits.get(SK);
          if (previous) deletes.push(...partDeletes(this.pk, SK, previous));
          this.splits.delete(SK);
          if (!value) {
            writes.push({ DeleteRequest: { Key: { PK: this.pk, SK } } });
            continue;
          }
          const encoded = valueWrites(this.pk, SK, value);
          parts.push(...encoded.parts);
          writes.push(encoded.main);
          if (encoded.split) this.splits.set(SK, encoded.split);
        }
      }
      const run = this.keyWrites
        .catch(() => undefined)
        .then(async () => {
          this.lease.assert();
          // Split values' parts land before any main item names them (large-values.ts). A part nobody
          // names is inert (its SK carries a fresh write id), so parts need no fence; what a reader
          // follows (main items) and what it may still need (old parts) are fenced by the lease.
          if (parts.length) await batchWrite(this.ddb, this.tableName, parts);
          const fence = { pk: this.pk, sk: CREDS_SK, owner: this.lease.owner };
          try {
            await fencedWrite(this.ddb, this.tableName, writes, fence);
            await fencedWrite(this.ddb, this.tableName, deletes, fence);
          } catch (err) {
            if (err instanceof FenceLostError) this.lease.supersede();
            throw err;
          }
        });
      this.keyWrites = run;
      await run;
    },
    clear: async () => this.clear(),
  };

  /**
   * Forgets the device (logged out, or a new QR was asked for): deletes `creds` and every
   * `key#…` item. Executed-command markers (`cmd#…`) stay, so dedup survives a re-pairing.
   */
  async clear(): Promise<void> {
    this.cache.clear();
    this.splits.clear();
    this.writtenAt.clear();
    this.credsValue = initAuthCreds();
    // A save still in flight would bring back what is being forgotten.
    await Promise.all([this.keyWrites.catch(() => undefined), this.saving.catch(() => undefined)]);
    await this.ddb.send(new DeleteCommand({ TableName: this.tableName, Key: { PK: this.pk, SK: CREDS_SK } }));
    // AP-SH3: every Signal key of one connection, deleted page by page.
    const pages = queryPages(
      {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': this.pk, ':prefix': SIGNAL_KEY_PREFIX },
        ProjectionExpression: 'PK, SK',
      },
      undefined,
      { ddb: this.ddb, tableName: this.tableName },
    );
    for await (const page of pages) {
      await batchWrite(
        this.ddb,
        this.tableName,
        page.items.map((item) => ({ DeleteRequest: { Key: { PK: item.PK as string, SK: item.SK as string } } })),
      );
    }
  }

  /** How many keys this connection holds in memory (the bench reports it). */
  get cachedKeys(): number {
    return this.cache.size;
  }

  private remember(cacheKey: string, value: unknown, version: number): unknown {
    this.cache.delete(cacheKey);
    this.cache.set(cacheKey, { value, version });
    while (this.cache.size > this.cacheEntries) this.cache.delete(this.cache.keys().next().value as string);
    return value;
  }

  /** Write versions only matter while a read that started before them is in flight; keep the map small. */
  private forgetOldWrites(): void {
    if (this.readsInFlight === 0) this.writtenAt.clear();
  }

  private async fetchValues(sortKeys: string[]): Promise<Map<string, unknown>> {
    const items = await batchGet(this.ddb, this.tableName, this.pk, sortKeys, VALUE_ATTRIBUTES);
    const values = new Map<string, unknown>();
    for (const [sk, item] of items) {
      const read = readValue(item);
      if ('value' in read) {
        values.set(sk, read.value);
        continue;
      }
      const partKeys = Array.from({ length: read.split.parts }, (_, n) => partSk(sk, read.split.writeId, n));
      const parts = await batchGet(this.ddb, this.tableName, this.pk, partKeys, ['SK', 'gz']);
      values.set(sk, joinParts(partKeys.map((k) => parts.get(k)!)));
      this.splits.set(sk, read.split);
    }
    return values;
  }
}

function reviveKey(type: string, value: unknown): unknown {
  if (type === 'app-state-sync-key' && value) return proto.Message.AppStateSyncKeyData.fromObject(value as object);
  return value;
}
