/**
 * WhatsApp connection entity (spec part 2 §3) plus the items that keep its rules transactional.
 *
 *   connection  PK = C#<cid>#WAPP      SK = <connectionId>
 *   meta        PK = C#<cid>#WAPPMETA  SK = META     { count, defaultId }   (plan limit, the one default)
 *   shard load  PK = P#SHARDLOAD       SK = <shard>  { count }              (least-loaded shard choice)
 *   token lock  PK = P#APITOKENH#<sha256> SK = APITOKEN { companyId, connectionId } (tokens unique platform-wide;
 *               the external API's lookup key: connection-token-locks.ts)
 *
 * The meta item makes "at most `plan.connections` connections" and "exactly one default" single
 * conditional writes inside the same transaction as the connection itself.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AdapterKind, ConnectionDto } from '@atende/shared';
import { ddb, tableName } from './client';
import { batchGet, queryAll, updateExpression } from './table-operations';
import { platformPk, tenantPk } from './keys';
import { isConditionFailed, transactWrite, type LabelledItem } from './transactions';
import { ttlCache } from './ttl-cache';
import {
  getApiTokenHolder as readApiTokenHolder,
  migrateLegacyTokenLock,
  releaseToken,
  takeToken,
  TOKEN_TAKEN,
  type ApiTokenHolder,
} from './connection-token-locks';

/** The stored connection: the API's shape (minus resolved queues) plus what only the back end sees. */
export interface ConnectionRecord extends Omit<ConnectionDto, 'queues' | 'token'> {
  companyId: string;
  /** Bearer token of the external API (64 alphanumerics). */
  token: string;
  /** Session-host shard, fixed at creation. */
  shard: number;
  adapter: AdapterKind;
  /** `occurredAt` of the last channel event applied (older events are ignored). */
  eventAt?: string;
}

/** Fields the connection form edits (PUT /whatsapp/{id}). */
export type ConnectionSettings = Pick<
  ConnectionRecord,
  | 'name'
  | 'greetingMessage'
  | 'complationMessage'
  | 'outOfHoursMessage'
  | 'ratingMessage'
  | 'token'
  | 'provider'
  | 'timeToTransfer'
  | 'transferQueueId'
  | 'queueIds'
>;

/** Fields the session lifecycle changes (API session actions and channel events). */
export type ConnectionState = Partial<Pick<ConnectionRecord, 'status' | 'qrcode' | 'pairingCode' | 'number' | 'retries'>>;

export interface ConnectionMeta {
  count: number;
  defaultId: string | null;
}

/** Labels of the conditions a connection transaction can fail on. */
export const CONNECTION_WRITE = {
  connection: 'connection',
  meta: 'meta',
  previousDefault: 'previousDefault',
  token: TOKEN_TAKEN,
} as const;

const connectionsPk = (companyId: string) => tenantPk(companyId, 'WAPP');
const connectionKey = (companyId: string, id: string) => ({ PK: connectionsPk(companyId), SK: id });
const metaKey = (companyId: string) => ({ PK: tenantPk(companyId, 'WAPPMETA'), SK: 'META' });
const shardLoadKey = (shard: number) => ({ PK: platformPk('SHARDLOAD'), SK: String(shard) });
function fromItem(item: Record<string, unknown>): ConnectionRecord {
  const { PK: _pk, SK: _sk, ...record } = item;
  return record as unknown as ConnectionRecord;
}

/** AP-W1: one connection of a company (strongly consistent: used before writes and by the inbound worker). */
export async function getConnection(companyId: string, connectionId: string): Promise<ConnectionRecord | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: connectionKey(companyId, connectionId), ConsistentRead: true }),
  );
  return out.Item ? fromItem(out.Item) : undefined;
}

/** How old the inbound worker's copy of a connection may be (docs/decisions.md "Inbound throughput, round 2"). */
export const RECENT_CONNECTION_MS = 5_000;
const recent = ttlCache<ConnectionRecord | undefined>(RECENT_CONNECTION_MS);
const recentKey = (companyId: string, connectionId: string) => `${companyId}#${connectionId}`;

/**
 * AP-W1 through a per-process cache: the connection as it was at most RECENT_CONNECTION_MS ago (writes
 * made in this process apply at once). For the inbound worker's message events, which read it for every
 * message; state changes and everything that writes the connection read it with `getConnection`.
 * A missing connection is not remembered.
 */
export async function getRecentConnection(companyId: string, connectionId: string): Promise<ConnectionRecord | undefined> {
  const key = recentKey(companyId, connectionId);
  const connection = await recent.get(key, () => getConnection(companyId, connectionId));
  if (!connection) recent.forget(key);
  return connection;
}

/** Tests write connections behind this process's back (straight to the table) and want them seen at once. */
export const forgetRecentConnections = () => recent.forget();

/** AP-W2: every connection of a company, by id (= creation order); bounded by the plan's limit. */
export async function listConnections(companyId: string): Promise<ConnectionRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': connectionsPk(companyId) },
  });
  return items.map(fromItem);
}

/** AP-W3: how many connections the company has and which one is the default. */
export async function getConnectionMeta(companyId: string): Promise<ConnectionMeta> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: metaKey(companyId), ConsistentRead: true }));
  return { count: Number(out.Item?.count ?? 0), defaultId: (out.Item?.defaultId as string | undefined) ?? null };
}

/** AP-W4: connections per session-host shard (one BatchGet per 100 shards, unprocessed keys retried). */
export async function getShardLoads(shards: number): Promise<number[]> {
  const loads = Array.from({ length: shards }, () => 0);
  const items = await batchGet(loads.map((_, shard) => shardLoadKey(shard)));
  for (const item of items) loads[Number(item.SK)] = Number(item.count ?? 0);
  return loads;
}

// ---------------------------------------------------------------- transaction parts

/** Meta +1 (refused past `limit`), optionally taking the default from `previousDefaultId`. */
function metaOnCreate(companyId: string, limit: number | null, newDefault: DefaultChange | null): LabelledItem {
  const conditions: string[] = [];
  const values: Record<string, unknown> = { ':one': 1 };
  if (limit !== null) {
    conditions.push('(attribute_not_exists(#count) OR #count < :limit)');
    values[':limit'] = limit;
  }
  let set = '';
  if (newDefault) {
    set = ' SET defaultId = :id';
    values[':id'] = newDefault.id;
    conditions.push(defaultCondition(newDefault.previousId, values));
  }
  return {
    label: CONNECTION_WRITE.meta,
    item: {
      Update: {
        TableName: tableName(),
        Key: metaKey(companyId),
        UpdateExpression: `ADD #count :one${set}`,
        ...(conditions.length ? { ConditionExpression: conditions.join(' AND ') } : {}),
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: values,
      },
    },
  };
}

function defaultCondition(previousId: string | null, values: Record<string, unknown>): string {
  if (!previousId) return 'attribute_not_exists(defaultId)';
  values[':previousDefault'] = previousId;
  return 'defaultId = :previousDefault';
}

/** The default moves to `id`; `previousId` is what the caller read (the condition catches races). */
export interface DefaultChange {
  id: string;
  previousId: string | null;
}

function unsetPreviousDefault(companyId: string, previousId: string): LabelledItem {
  return {
    label: CONNECTION_WRITE.previousDefault,
    item: {
      Update: {
        TableName: tableName(),
        Key: connectionKey(companyId, previousId),
        UpdateExpression: 'SET isDefault = :false',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':false': false },
      },
    },
  };
}

function shardLoadChange(shard: number, delta: 1 | -1): LabelledItem {
  return {
    label: 'shardLoad',
    item: {
      Update: {
        TableName: tableName(),
        Key: shardLoadKey(shard),
        UpdateExpression: 'ADD #count :delta',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':delta': delta },
      },
    },
  };
}

// ---------------------------------------------------------------- writes

/**
 * Creates the connection, bumps the company counter (label `meta` fails at the plan limit or when the
 * default moved meanwhile) and the shard load; when it becomes the default, unsets the previous one.
 */
export async function insertConnection(
  record: ConnectionRecord,
  limit: number | null,
  newDefault: DefaultChange | null,
): Promise<void> {
  const items: LabelledItem[] = [
    {
      label: CONNECTION_WRITE.connection,
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...connectionKey(record.companyId, record.id), ...record },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
    metaOnCreate(record.companyId, limit, newDefault),
    shardLoadChange(record.shard, 1),
    ...takeToken(record.companyId, record.id, record.token),
  ];
  if (newDefault?.previousId) items.push(unsetPreviousDefault(record.companyId, newDefault.previousId));
  await transactWrite(items);
}

/**
 * Saves the form's fields (never the session state, which the inbound worker owns) and, when asked,
 * makes this connection the default in the same transaction (TransactionConditionFailed labelled
 * `connection` = it is gone, `meta` = the default moved meanwhile, `token` = the new token is another
 * connection's). `previousToken` is the stored token, whose lock moves when the token changes.
 * Undefined when it is gone.
 */
export async function updateConnectionSettings(
  companyId: string,
  connectionId: string,
  settings: ConnectionSettings,
  newDefault: DefaultChange | null,
  previousToken?: string,
): Promise<ConnectionRecord | undefined> {
  const tokenMoves = previousToken !== undefined && settings.token !== previousToken;
  const fields: Record<string, unknown> = {
    ...settings,
    updatedAt: new Date().toISOString(),
    ...(newDefault ? { isDefault: true } : {}),
  };
  const update = updateExpression(fields);
  const connectionUpdate = {
    TableName: tableName(),
    Key: connectionKey(companyId, connectionId),
    ...update,
    ConditionExpression: 'attribute_exists(PK)',
  };
  if (!newDefault && !tokenMoves) {
    try {
      const out = await ddb().send(new UpdateCommand({ ...connectionUpdate, ReturnValues: 'ALL_NEW' }));
      return fromItem(out.Attributes!);
    } catch (err) {
      if (isConditionFailed(err)) return undefined;
      throw err;
    } finally {
      recent.forget(recentKey(companyId, connectionId));
    }
  }
  const items: LabelledItem[] = [{ label: CONNECTION_WRITE.connection, item: { Update: connectionUpdate } }];
  if (tokenMoves)
    items.push(...releaseToken(connectionId, previousToken), ...takeToken(companyId, connectionId, settings.token));
  if (newDefault) {
    const values: Record<string, unknown> = { ':id': connectionId };
    items.push({
      label: CONNECTION_WRITE.meta,
      item: {
        Update: {
          TableName: tableName(),
          Key: metaKey(companyId),
          UpdateExpression: 'SET defaultId = :id',
          ConditionExpression: defaultCondition(newDefault.previousId, values),
          ExpressionAttributeValues: values,
        },
      },
    });
    if (newDefault.previousId) items.push(unsetPreviousDefault(companyId, newDefault.previousId));
  }
  await transactWrite(items);
  recent.forget(recentKey(companyId, connectionId));
  return getConnection(companyId, connectionId);
}

/**
 * Session state from the API (no `eventAt`) or from a channel event (`eventAt` = its occurredAt:
 * refused when a newer event was already applied). Returns undefined when the connection is gone
 * or the event is stale.
 */
export async function updateConnectionState(
  companyId: string,
  connectionId: string,
  state: ConnectionState,
  eventAt?: string,
): Promise<ConnectionRecord | undefined> {
  const update = updateExpression({ ...state, updatedAt: new Date().toISOString(), ...(eventAt ? { eventAt } : {}) });
  const ordering = eventAt ? ' AND (attribute_not_exists(eventAt) OR eventAt <= :eventAtCondition)' : '';
  try {
    const out = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: connectionKey(companyId, connectionId),
        ...update,
        ConditionExpression: `attribute_exists(PK)${ordering}`,
        ...(eventAt
          ? { ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':eventAtCondition': eventAt } }
          : {}),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(out.Attributes!);
  } catch (err) {
    if (isConditionFailed(err)) return undefined;
    throw err;
  } finally {
    recent.forget(recentKey(companyId, connectionId));
  }
}

/**
 * Deletes the connection, decrements the counter and the shard load, and releases the default it held.
 * `meta` is what the caller read: label `meta` fails when another create/delete changed it meanwhile
 * (so "the default goes only when it is the last connection" cannot be raced).
 */
export async function deleteConnectionRecord(record: ConnectionRecord, meta: ConnectionMeta): Promise<void> {
  const holdsDefault = meta.defaultId === record.id;
  const values: Record<string, unknown> = { ':minusOne': -1, ':expectedCount': meta.count };
  const conditions = ['#count = :expectedCount'];
  if (holdsDefault) {
    conditions.push('defaultId = :id');
    values[':id'] = record.id;
  }
  await transactWrite([
    {
      label: CONNECTION_WRITE.connection,
      item: {
        Delete: {
          TableName: tableName(),
          Key: connectionKey(record.companyId, record.id),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
    },
    {
      label: CONNECTION_WRITE.meta,
      item: {
        Update: {
          TableName: tableName(),
          Key: metaKey(record.companyId),
          UpdateExpression: `ADD #count :minusOne${holdsDefault ? ' REMOVE defaultId' : ''}`,
          ConditionExpression: conditions.join(' AND '),
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: values,
        },
      },
    },
    shardLoadChange(record.shard, -1),
    ...releaseToken(record.id, record.token),
  ]);
  recent.forget(recentKey(record.companyId, record.id));
}

/** AP-W3 then AP-W1: the company's default connection, if it has one. */
export async function findDefaultConnection(companyId: string): Promise<ConnectionRecord | undefined> {
  const { defaultId } = await getConnectionMeta(companyId);
  return defaultId ? getConnection(companyId, defaultId) : undefined;
}

/**
 * AP-W5: the connection holding an API token, found by the token's hash (a legacy lock, keyed by the
 * token itself, is found too and reported as `legacy`; see connection-token-locks.ts).
 */
export const getApiTokenHolder = readApiTokenHolder;

/** Moves a legacy token lock to the hashed key while the connection still holds the token (idempotent). */
export const migrateApiTokenLock = (holder: ApiTokenHolder, token: string) =>
  migrateLegacyTokenLock(holder, token, connectionKey(holder.companyId, holder.connectionId));
