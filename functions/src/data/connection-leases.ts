/**
 * The session-host fleet's leases (issue 29): which host runs which WhatsApp connection. Hosts hold
 * one renewable lease each; a connection belongs to a host (with a fencing token that grows on every
 * claim) until that host releases it or its host lease expires, and then any live host may claim it.
 * The session host (session-host/src/fleet) drives these writes; the keys are defined here only. The
 * hosts' own items (host leases, the restart generation) are in fleet-hosts.ts.
 *
 *   connection lease  PK = C#<cid>#WAFLEET#<conn>     SK = LEASE          { companyId, connectionId, adapter, owner (hostId | '-'), token, claimedAt }
 *                     GSI1PK = P#FLEET#OWNER#<owner>  GSI1SK = <companyId>#<connectionId>
 *
 * Times are epoch milliseconds from the callers' clocks (`now`), so the tests drive them; hosts in
 * AWS are NTP-synced, and the lease TTL (20 s) dwarfs the skew.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AdapterKind } from '@atende/shared';
import { queryAll, type TableRef } from './table-operations';
import { isConditionFailed } from './transactions';
import { platformPk, tenantPk } from './keys';

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

const LEASE_SK = 'LEASE';

const ownerPk = (owner: string) => platformPk('FLEET', 'OWNER', owner);
export const connectionLeaseKey = (ref: ConnectionRef) => ({
  PK: tenantPk(ref.companyId, 'WAFLEET', ref.connectionId),
  SK: LEASE_SK,
});

/** What the auth state writes as its `owner` (credential-lease.ts): a newer claim never equals an older one. */
export const leaseOwnerId = (lease: Pick<ConnectionLease, 'owner' | 'token'>) => `${lease.owner}#${lease.token}`;

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

/**
 * A lease nobody holds yet, for a connection that ran elsewhere (a shard host, before the fleet):
 * any live host claims it on its next round. False: the connection already has a lease (left as is).
 */
export async function createFreeLease(ref: ConnectionRef & { adapter: AdapterKind }, table: TableRef): Promise<boolean> {
  try {
    await table.ddb.send(
      new PutCommand({
        TableName: table.tableName,
        Item: {
          ...connectionLeaseKey(ref),
          entity: 'connectionLease',
          companyId: ref.companyId,
          connectionId: ref.connectionId,
          adapter: ref.adapter,
          owner: NO_OWNER,
          token: 0,
          claimedAt: 0,
          GSI1PK: ownerPk(NO_OWNER),
          GSI1SK: `${ref.companyId}#${ref.connectionId}`,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
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

/** AP-FL2 whole: every connection one host holds (bounded by its cap: hundreds). */
export async function listAllLeasesOwnedBy(owner: string, table: TableRef): Promise<ConnectionLease[]> {
  const items = await queryAll(
    { IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': ownerPk(owner) } },
    table,
  );
  return items.map(toConnectionLease).filter((lease) => lease.owner === owner);
}
