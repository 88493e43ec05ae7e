/**
 * Baileys auth state (credentials + Signal keys) in DynamoDB, modelled on Baileys'
 * `useMultiFileAuthState` but with one item per key: `creds` and `key#<type>#<id>` under
 * `C#<companyId>#WAAUTH#<connectionId>`. Values are JSON with `BufferJSON` so Buffers round-trip.
 *
 * Reads go through an in-memory cache (misses cached too: Baileys asks for the same absent
 * pre-keys and sessions again and again); cache misses are fetched with BatchGetItem in chunks of
 * 100 and writes go out with BatchWriteItem in chunks of 25, retrying unprocessed items (the functions'
 * data helpers, through `@atende/functions/shared-surface`).
 * The simulator keeps its fake credentials here too, so both adapters resume the same way.
 */
import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGet, batchWrite, queryPages, type WriteRequest } from '@atende/functions/shared-surface';
import { BufferJSON, initAuthCreds, proto, type AuthenticationCreds, type AuthenticationState, type SignalDataSet, type SignalDataTypeMap, type SignalKeyStore } from '@whiskeysockets/baileys';
import { authPk, CREDS_SK, SIGNAL_KEY_PREFIX, signalKeySk } from './auth-keys';

/** Per-connection cap on cached keys; sessions are a few KB each, so this bounds memory per connection. */
const DEFAULT_CACHE_ENTRIES = 2_000;

const encode = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
const decode = <T>(data: string): T => JSON.parse(data, BufferJSON.reviver) as T;


export interface AuthStateStoreOptions {
  ddb: DynamoDBDocumentClient;
  tableName: string;
  cacheEntries?: number;
}

/** Factory shared by every session of the host. */
export class DynamoDbAuthStateStore {
  constructor(private readonly options: AuthStateStoreOptions) {}

  forConnection(companyId: string, connectionId: string): ConnectionAuthState {
    return new ConnectionAuthState(this.options, authPk(companyId, connectionId));
  }
}

/** One connection's auth state. `load()` before handing `state` to a socket. */
export class ConnectionAuthState {
  private credsValue: AuthenticationCreds | undefined;
  /** `<type>#<id>` → value, `null` = known to be absent. Map order = insertion order, used for eviction. */
  private readonly cache = new Map<string, unknown>();
  private readonly ddb: DynamoDBDocumentClient;
  private readonly tableName: string;
  private readonly cacheEntries: number;
  private saving: Promise<void> = Promise.resolve();
  private saveQueued: Promise<void> | undefined;

  constructor(options: AuthStateStoreOptions, readonly pk: string) {
    this.ddb = options.ddb;
    this.tableName = options.tableName;
    this.cacheEntries = options.cacheEntries ?? DEFAULT_CACHE_ENTRIES;
  }

  /** Reads the stored credentials, or makes fresh ones (a new device: the next socket shows a QR). */
  async load(): Promise<AuthenticationCreds> {
    const out = await this.ddb.send(new GetCommand({ TableName: this.tableName, Key: { PK: this.pk, SK: CREDS_SK }, ConsistentRead: true }));
    const data = out.Item?.data as string | undefined;
    this.credsValue = data ? decode<AuthenticationCreds>(data) : initAuthCreds();
    return this.credsValue;
  }

  /**
   * Loads once per object: after that the in-memory credentials are the truth (Baileys mutates them
   * in place), so a reconnect in the same process never reads back an older save.
   */
  async ensureLoaded(): Promise<AuthenticationCreds> {
    return this.credsValue ?? this.load();
  }

  /** Waits for credential writes in progress (before handing the connection to another host). */
  async flush(): Promise<void> {
    await this.saving.catch(() => undefined);
  }

  get creds(): AuthenticationCreds {
    if (!this.credsValue) throw new Error('auth state not loaded');
    return this.credsValue;
  }

  /** True when these credentials belong to a paired device, i.e. a socket can resume without a QR. */
  get isRegistered(): boolean {
    return Boolean(this.credsValue?.me?.id);
  }

  /** The object Baileys' `makeWASocket({ auth })` expects. Baileys mutates `creds` in place, then calls `saveCreds`. */
  get state(): AuthenticationState {
    return { creds: this.creds, keys: this.keys };
  }

  /**
   * Baileys fires `creds.update` in bursts; writes are chained so an older snapshot can never land
   * after a newer one, and a burst collapses into at most one extra write.
   */
  saveCreds(): Promise<void> {
    if (this.saveQueued) return this.saveQueued;
    const run = this.saving.catch(() => undefined).then(async () => {
      this.saveQueued = undefined;
      await this.ddb.send(new PutCommand({
        TableName: this.tableName,
        Item: { PK: this.pk, SK: CREDS_SK, entity: 'waAuthCreds', data: encode(this.creds), updatedAt: new Date().toISOString() },
      }));
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
        const cacheKey = `${type}#${id}`;
        if (!this.cache.has(cacheKey)) { missing.push(id); continue; }
        const value = this.cache.get(cacheKey);
        if (value !== null && value !== undefined) result[id] = value as SignalDataTypeMap[T];
      }
      if (missing.length > 0) {
        const found = await this.batchGet(missing.map((id) => signalKeySk(type, id)));
        for (const id of missing) {
          const data = found.get(signalKeySk(type, id));
          let value: unknown = data === undefined ? null : decode(data);
          if (type === 'app-state-sync-key' && value) value = proto.Message.AppStateSyncKeyData.fromObject(value as object);
          this.remember(`${type}#${id}`, value);
          if (value !== null) result[id] = value as SignalDataTypeMap[T];
        }
      }
      return result;
    },
    set: async (data: SignalDataSet) => {
      const writes = new Map<string, WriteRequest>();
      for (const [type, values] of Object.entries(data)) {
        for (const [id, value] of Object.entries(values ?? {})) {
          const SK = signalKeySk(type, id);
          this.remember(`${type}#${id}`, value ?? null);
          writes.set(SK, value
            ? { PutRequest: { Item: { PK: this.pk, SK, entity: 'waAuthKey', data: encode(value) } } }
            : { DeleteRequest: { Key: { PK: this.pk, SK } } });
        }
      }
      await this.batchWrite([...writes.values()]);
    },
    clear: async () => this.clear(),
  };

  /**
   * Forgets the device (logged out, or a new QR was asked for): deletes `creds` and every
   * `key#…` item. Executed-command markers (`cmd#…`) stay, so dedup survives a re-pairing.
   */
  async clear(): Promise<void> {
    this.cache.clear();
    this.credsValue = initAuthCreds();
    await this.ddb.send(new DeleteCommand({ TableName: this.tableName, Key: { PK: this.pk, SK: CREDS_SK } }));
    // AP-SH3: every Signal key of one connection, deleted page by page.
    const pages = queryPages({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': this.pk, ':prefix': SIGNAL_KEY_PREFIX },
      ProjectionExpression: 'PK, SK',
    }, undefined, this.table);
    for await (const page of pages) {
      await this.batchWrite(page.items.map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } })));
    }
  }

  /** How many keys this connection holds in memory (the bench reports it). */
  get cachedKeys(): number {
    return this.cache.size;
  }

  private remember(cacheKey: string, value: unknown): void {
    this.cache.delete(cacheKey);
    this.cache.set(cacheKey, value);
    while (this.cache.size > this.cacheEntries) {
      const oldest = this.cache.keys().next().value as string;
      this.cache.delete(oldest);
    }
  }

  private get table() {
    return { ddb: this.ddb, tableName: this.tableName };
  }

  private async batchGet(sortKeys: string[]): Promise<Map<string, string>> {
    const items = await batchGet(
      sortKeys.map((SK) => ({ PK: this.pk, SK })),
      { consistentRead: true, projection: 'SK, #d', names: { '#d': 'data' } },
      this.table,
    );
    return new Map(items.map((item) => [item.SK as string, item.data as string]));
  }

  private batchWrite(requests: WriteRequest[]): Promise<void> {
    return batchWrite(requests, this.table);
  }
}
