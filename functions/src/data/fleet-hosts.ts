/**
 * The session-host fleet's host items (issue 29): one renewable lease per host, and the fleet's
 * restart generation ("restart service" for every host), all in one platform partition that every
 * host reads each round (bounded by the fleet's size; docs/deploy.md "Claims at 200 hosts"). The
 * connections a host holds are connection-leases.ts.
 *
 *   host lease        PK = P#FLEET  SK = HOST#<hostId>  { hostId, startedAt, leaseUntil (epoch ms), cap, sessions, releaseWanted, downReportedAt?, lane, lanes, expiresAt (TTL) }
 *   fleet restart     PK = P#FLEET  SK = RESTART        { generation, lastCommandId, requestedAt }
 *
 * Times are epoch milliseconds from the callers' clocks (`now`), so the tests drive them.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll, type TableRef } from './table-operations';
import { isConditionFailed } from './transactions';
import { platformPk, ttlIn } from './keys';

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
  /** Set once the platform reported the connections it left behind DISCONNECTED (domain/connections/fleet-down.ts). */
  downReportedAt?: number;
  /** The command lane it serves, of `lanes` (docs/deploy.md "Lanes"); 0 of 1 for a host from before lanes. */
  lane: number;
  lanes: number;
}

/** A host's beat: everything of its lease but what the table computes. */
export type HostBeat = Omit<HostLease, 'leaseUntil' | 'releaseWanted' | 'downReportedAt' | 'lane' | 'lanes'> &
  Partial<Pick<HostLease, 'lane' | 'lanes'>>;

/** A host item outlives its host by a day (for the post-mortem), then DynamoDB drops it. */
const HOST_ITEM_TTL_SECONDS = 24 * 3600;
const HOST_SK_PREFIX = 'HOST#';
const RESTART_SK = 'RESTART';

const fleetPk = () => platformPk('FLEET');
export const hostLeaseKey = (hostId: string) => ({ PK: fleetPk(), SK: `${HOST_SK_PREFIX}${hostId}` });

function toHostLease(item: Record<string, unknown>): HostLease {
  return {
    hostId: item.hostId as string,
    startedAt: item.startedAt as string,
    leaseUntil: Number(item.leaseUntil),
    cap: Number(item.cap),
    sessions: Number(item.sessions ?? 0),
    releaseWanted: Math.max(0, Number(item.releaseWanted ?? 0)),
    ...(item.downReportedAt === undefined ? {} : { downReportedAt: Number(item.downReportedAt) }),
    lane: Number(item.lane ?? 0),
    lanes: Number(item.lanes ?? 1),
  };
}

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

/** The fleet's shared state, read by every host on every round. */
export interface FleetState {
  hosts: HostLease[];
  /** Grows by one per "restart service" (`host.restart`); each host restarts its sessions once per step. */
  restartGeneration: number;
}

/** AP-FL3: every host lease and the restart generation, one partition (bounded by the fleet's size: hundreds of items). */
export async function readFleet(table: TableRef): Promise<FleetState> {
  const items = await queryAll(
    {
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': fleetPk() },
      ConsistentRead: true,
    },
    table,
  );
  const restart = items.find((item) => item.SK === RESTART_SK);
  return {
    hosts: items.filter((item) => String(item.SK).startsWith(HOST_SK_PREFIX)).map(toHostLease),
    restartGeneration: Number(restart?.generation ?? 0),
  };
}

/** AP-FL3: every host lease. */
export async function listHostLeases(table: TableRef): Promise<HostLease[]> {
  return (await readFleet(table)).hosts;
}

/**
 * "Restart service" for the whole fleet: the restart generation grows by one, and every host restarts
 * its sessions once on its next round. A redelivered command (same id) does not count twice.
 */
export async function requestFleetRestart(commandId: string, now: number, table: TableRef): Promise<void> {
  await table.ddb
    .send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: { PK: fleetPk(), SK: RESTART_SK },
        UpdateExpression: 'SET #entity = :entity, lastCommandId = :cmd, requestedAt = :now ADD generation :one',
        ConditionExpression: 'attribute_not_exists(lastCommandId) OR lastCommandId <> :cmd',
        ExpressionAttributeNames: { '#entity': 'entity' },
        ExpressionAttributeValues: { ':entity': 'fleetRestart', ':cmd': commandId, ':now': now, ':one': 1 },
      }),
    )
    .catch((err: unknown) => {
      if (!isConditionFailed(err)) throw err;
    });
}

/**
 * Notes that a dead host's leftover connections were reported DISCONNECTED, so the sweep reports them
 * once. Only while the host has not renewed since it was seen dead (`seenUntil`). False: not noted.
 */
export async function markHostReportedDown(
  hostId: string,
  seen: { leaseUntil: number; now: number },
  table: TableRef,
): Promise<boolean> {
  try {
    await table.ddb.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: hostLeaseKey(hostId),
        UpdateExpression: 'SET downReportedAt = :now',
        ConditionExpression: 'leaseUntil = :seen AND attribute_not_exists(downReportedAt)',
        ExpressionAttributeValues: { ':now': seen.now, ':seen': seen.leaseUntil },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
}

/**
 * Ends a host's lease at `now`, for a host known to be gone (locally: its process exited), so the live
 * hosts claim its connections on their next round instead of after the lease's remaining time. Only
 * while the lease is as it was seen (`seenUntil`) and still running. Answers the lease as stored, or
 * undefined when it was not changed.
 */
export async function endHostLease(
  hostId: string,
  seen: { leaseUntil: number; now: number },
  table: TableRef,
): Promise<HostLease | undefined> {
  try {
    const out = await table.ddb.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: hostLeaseKey(hostId),
        UpdateExpression: 'SET leaseUntil = :now',
        ConditionExpression: 'leaseUntil = :seen AND leaseUntil > :now',
        ExpressionAttributeValues: { ':now': seen.now, ':seen': seen.leaseUntil },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toHostLease(out.Attributes!);
  } catch (err) {
    if (isConditionFailed(err)) return undefined;
    throw err;
  }
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
