/**
 * The session-host fleet's leases (issue 29): which host runs which WhatsApp connection. Hosts hold
 * one renewable lease each; a connection belongs to a host (with a fencing token that grows on every
 * claim) until that host releases it or its host lease expires, and then any live host may claim it.
 * The session host (session-host/src/fleet) drives these writes; the keys are defined here only.
 *
 *   host lease        PK = P#FLEET                    SK = HOST#<hostId>  { hostId, startedAt, leaseUntil (epoch ms), cap, sessions, releaseWanted, expiresAt (TTL) }
 *   connection lease  PK = C#<cid>#WAFLEET#<conn>     SK = LEASE          { companyId, connectionId, adapter, owner (hostId | '-'), token, claimedAt }
 *                     GSI1PK = P#FLEET#OWNER#<owner>  GSI1SK = <companyId>#<connectionId>
 *
 * Times are epoch milliseconds from the callers' clocks (`now`), so the tests drive them; hosts in
 * AWS are NTP-synced, and the lease TTL (20 s) dwarfs the skew.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AdapterKind } from '@atende/shared';
import { queryAll, type TableRef } from './table-operations';
import { platformPk, tenantPk, ttlIn } from './keys';

/** The owner of a connection nobody runs (new, released, or whose host stopped gracefully). */
export const NO_OWNER = '-';

export interface ConnectionRef {
  companyId: string;
  connectionId: string;
}

export interface ConnectionLease extends ConnectionRef {
  adapter: AdapterKind;
  owner: string;
  /** Fencing token: grows by one on every claim; writes under an older token are refused. */
  token: number;
  claimedAt: number;
}

export interface HostLease {
  hostId: string;
  startedAt: string;
  /** The host is alive until then (epoch ms); it renews well before. */
  leaseUntil: number;
  /** Most connections this host will run. */
  cap: number;
  /** Connections it runs, as of its last renewal. */
  sessions: number;
  /** Connections other hosts asked it to release (rebalancing); it counts them down as it does. */
  releaseWanted: number;
}

/** A host's beat: everything of its lease but what the table computes. */
export type HostBeat = Omit<HostLease, 'leaseUntil' | 'releaseWanted'>;

/** A host item outlives its host by a day (for the post-mortem), then DynamoDB drops it. */
const HOST_ITEM_TTL_SECONDS = 24 * 3600;
const HOST_SK_PREFIX = 'HOST#';
const LEASE_SK = 'LEASE';

const fleetPk = () => platformPk('FLEET');
const ownerPk = (owner: string) => platformPk('FLEET', 'OWNER', owner);
export const connectionLeaseKey = (ref: ConnectionRef) => ({
  PK: tenantPk(ref.companyId, 'WAFLEET', ref.connectionId),
  SK: LEASE_SK,
});
export const hostLeaseKey = (hostId: string) => ({ PK: fleetPk(), SK: `${HOST_SK_PREFIX}${hostId}` });

/** What the auth state writes as its `owner` (credential-lease.ts): a newer claim never equals an older one. */
export const leaseOwnerId = (lease: Pick<ConnectionLease, 'owner' | 'token'>) => `${lease.owner}#${lease.token}`;

const isConditionFailed = (err: unknown) => (err as { name?: string }).name === 'ConditionalCheckFailedException';

function toConnectionLease(item: Record<string, unknown>): ConnectionLease {
  return {
    companyId: item.companyId as string,
    connectionId: item.connectionId as string,
    adapter: item.adapter as AdapterKind,
    owner: item.owner as string,
    token: Number(item.token),
    claimedAt: Number(item.claimedAt ?? 0),
  };
}

function toHostLease(item: Record<string, unknown>): HostLease {
  return {
    hostId: item.hostId as string,
    startedAt: item.startedAt as string,
    leaseUntil: Number(item.leaseUntil),
    cap: Number(item.cap),
    sessions: Number(item.sessions ?? 0),
    releaseWanted: Math.max(0, Number(item.releaseWanted ?? 0)),
  };
}

// ------------------------------------------------------------------ connection leases

/** AP-FL1: a connection's lease (consistent). */
export async function getConnectionLease(ref: ConnectionRef, table: TableRef): Promise<ConnectionLease | undefined> {
  const out = await table.ddb.send(
    new GetCommand({ TableName: table.tableName, Key: connectionLeaseKey(ref), ConsistentRead: true }),
  );
  return out.Item ? toConnectionLease(out.Item) : undefined;
}

/**
 * Takes a connection for `hostId` if its owner is still `from` (NO_OWNER, a dead host, or a lease
 * that does not exist yet when `from` is undefined), bumping the token. Undefined: someone else won.
 */
export async function claimConnection(
  ref: ConnectionRef & { adapter: AdapterKind },
  claim: { hostId: string; from: string | undefined; now: number },
  table: TableRef,
): Promise<ConnectionLease | undefined> {
  try {
    const out = await table.ddb.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: connectionLeaseKey(ref),
        UpdateExpression:
          'SET #entity = :entity, companyId = :cid, connectionId = :conn, adapter = if_not_exists(adapter, :adapter), ' +
          '#owner = :me, #token = if_not_exists(#token, :zero) + :one, claimedAt = :now, GSI1PK = :gsi1pk, GSI1SK = :gsi1sk',
        ConditionExpression: claim.from === undefined ? 'attribute_not_exists(PK)' : '#owner = :from',
        ExpressionAttributeNames: { '#entity': 'entity', '#owner': 'owner', '#token': 'token' },
        ExpressionAttributeValues: {
          ':entity': 'connectionLease',
          ':cid': ref.companyId,
          ':conn': ref.connectionId,
          ':adapter': ref.adapter,
          ':me': claim.hostId,
          ':zero': 0,
          ':one': 1,
          ':now': claim.now,
          ':gsi1pk': ownerPk(claim.hostId),
          ':gsi1sk': `${ref.companyId}#${ref.connectionId}`,
          ...(claim.from === undefined ? {} : { ':from': claim.from }),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toConnectionLease(out.Attributes!);
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
    // The SDK retries a call that timed out: if the first attempt landed, the retry's condition
    // fails on our own claim. Ours (same host, same instant) is a success, not a lost race.
    const current = await getConnectionLease(ref, table);
    return current?.owner === claim.hostId && current.claimedAt === claim.now ? current : undefined;
  }
}

/** Gives a connection back (after its session was closed): any live host may claim it. False: not ours any more. */
export async function releaseConnection(lease: ConnectionLease, table: TableRef): Promise<boolean> {
  try {
    await table.ddb.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: connectionLeaseKey(lease),
        UpdateExpression: 'SET #owner = :none, GSI1PK = :gsi1pk',
        ConditionExpression: '#owner = :me AND #token = :token',
        ExpressionAttributeNames: { '#owner': 'owner', '#token': 'token' },
        ExpressionAttributeValues: {
          ':none': NO_OWNER,
          ':gsi1pk': ownerPk(NO_OWNER),
          ':me': lease.owner,
          ':token': lease.token,
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
}

/** The connection stops for good (logout, stop): nobody is to run it. Only its holder may drop it. */
export async function dropConnectionLease(lease: ConnectionLease, table: TableRef): Promise<void> {
  await table.ddb
    .send(
      new DeleteCommand({
        TableName: table.tableName,
        Key: connectionLeaseKey(lease),
        ConditionExpression: '#owner = :me AND #token = :token',
        ExpressionAttributeNames: { '#owner': 'owner', '#token': 'token' },
        ExpressionAttributeValues: { ':me': lease.owner, ':token': lease.token },
      }),
    )
    .catch((err: unknown) => {
      if (!isConditionFailed(err)) throw err;
    });
}

/** AP-FL2: up to `limit` connections of one owner (a host, or NO_OWNER), by company. */
export async function listLeasesOwnedBy(owner: string, limit: number, table: TableRef): Promise<ConnectionLease[]> {
  const out = await table.ddb.send(
    new QueryCommand({
      TableName: table.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': ownerPk(owner) },
      Limit: limit,
    }),
  );
  // The index is eventually consistent: a lease moved since is skipped by the claim's condition.
  return (out.Items ?? []).map(toConnectionLease).filter((lease) => lease.owner === owner);
}

// ------------------------------------------------------------------ host leases

/**
 * Registers (`first`) or renews a host's lease until `now + ttlMs`. A renewal succeeds only while the
 * lease has not expired: a host that missed it (a long pause) is told so (undefined) and must drop
 * every connection, because others may have claimed them. Returns the lease as stored.
 */
export async function renewHostLease(
  beat: HostBeat,
  timing: { now: number; ttlMs: number; first: boolean },
  table: TableRef,
): Promise<HostLease | undefined> {
  const leaseUntil = timing.now + timing.ttlMs;
  try {
    if (timing.first) {
      const item = { ...hostLeaseKey(beat.hostId), entity: 'fleetHost', ...beat, leaseUntil, releaseWanted: 0 };
      await table.ddb.send(
        new PutCommand({
          TableName: table.tableName,
          Item: { ...item, expiresAt: ttlIn(HOST_ITEM_TTL_SECONDS) },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
      return toHostLease(item);
    }
    const out = await table.ddb.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: hostLeaseKey(beat.hostId),
        UpdateExpression: 'SET leaseUntil = :until, #sessions = :sessions, cap = :cap, expiresAt = :ttl',
        ConditionExpression: 'leaseUntil >= :now',
        ExpressionAttributeNames: { '#sessions': 'sessions' },
        ExpressionAttributeValues: {
          ':until': leaseUntil,
          ':sessions': beat.sessions,
          ':cap': beat.cap,
          ':ttl': ttlIn(HOST_ITEM_TTL_SECONDS),
          ':now': timing.now,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toHostLease(out.Attributes!);
  } catch (err) {
    if (isConditionFailed(err)) return undefined;
    throw err;
  }
}

/** AP-FL3: every host lease (bounded by the fleet's size: hundreds of items). */
export async function listHostLeases(table: TableRef): Promise<HostLease[]> {
  const items = await queryAll(
    {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': fleetPk(), ':prefix': HOST_SK_PREFIX },
      ConsistentRead: true,
    },
    table,
  );
  return items.map(toHostLease);
}

/** Asks a live host to release `count` more connections (it sees it on its next renewal). */
export async function requestRelease(hostId: string, count: number, table: TableRef): Promise<void> {
  await table.ddb
    .send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: hostLeaseKey(hostId),
        UpdateExpression: 'ADD releaseWanted :n',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':n': count },
      }),
    )
    .catch((err: unknown) => {
      if (!isConditionFailed(err)) throw err;
    });
}

/**
 * The host handled `seen` release requests (released them, or could not and leaves the asking to a
 * later rebalance); requests that arrived since stay counted.
 */
export async function acknowledgeReleaseRequests(hostId: string, seen: number, table: TableRef): Promise<void> {
  await table.ddb
    .send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: hostLeaseKey(hostId),
        UpdateExpression: 'ADD releaseWanted :minus',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':minus': -seen },
      }),
    )
    .catch((err: unknown) => {
      if (!isConditionFailed(err)) throw err;
    });
}

/**
 * Removes a host's lease: its own on a graceful stop, or a dead host's once nothing is left to claim
 * from it (`seenUntil`: only if it has not renewed since it was seen dead).
 */
export async function removeHostLease(hostId: string, seenUntil: number | undefined, table: TableRef): Promise<void> {
  await table.ddb
    .send(
      new DeleteCommand({
        TableName: table.tableName,
        Key: hostLeaseKey(hostId),
        ...(seenUntil === undefined
          ? {}
          : { ConditionExpression: 'leaseUntil = :seen', ExpressionAttributeValues: { ':seen': seenUntil } }),
      }),
    )
    .catch((err: unknown) => {
      if (!isConditionFailed(err)) throw err;
    });
}
