/**
 * A session-host shard's registry: one partition per shard, written by the session host
 * (session-host/src/registry/shard-registry.ts) and read by the hostwatch area when a shard's
 * task stops. The keys are defined here only; the session host imports them.
 *
 *   shard session   PK = P#SHARD#<n>  SK = <companyId>#<connectionId>  { companyId, connectionId, adapter, registeredAt }
 *   host heartbeat  PK = P#SHARD#<n>  SK = HOST                         { hostId, startedAt, aliveAt, staleAfterSeconds, sessions, connected }
 */
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AdapterKind } from '@atende/shared';
import { queryAll, processTable, type TableRef } from './table-operations';
import { platformPk, ttlIn } from './keys';

/** A session the shard should be running (resumed on boot). */
export interface ShardSession {
  companyId: string;
  connectionId: string;
  adapter: AdapterKind;
  registeredAt: string;
}

/** The shard host's liveness item, refreshed while it runs and deleted when it stops gracefully. */
export interface ShardHostHeartbeat {
  hostId: string;
  startedAt: string;
  aliveAt: string;
  /** Readers may treat the host as gone once `aliveAt` is older than this many seconds. */
  staleAfterSeconds: number;
  sessions: number;
  connected: number;
}

export type { TableRef };

const HOST_SK = 'HOST';
/** The most shards a stage could run (context `sessionShards` 1..32): where the fleet looks for pins to adopt. */
export const MAX_SESSION_SHARDS = 32;
/** The heartbeat outlives its host by a day, then DynamoDB drops it. */
const HEARTBEAT_TTL_SECONDS = 24 * 3600;

export const shardPk = (shard: number) => platformPk('SHARD', String(shard));
export const shardSessionKey = (shard: number, companyId: string, connectionId: string) => ({
  PK: shardPk(shard),
  SK: `${companyId}#${connectionId}`,
});
export const shardHostKey = (shard: number) => ({ PK: shardPk(shard), SK: HOST_SK });

export function shardSessionItem(shard: number, session: ShardSession): Record<string, unknown> {
  return { ...shardSessionKey(shard, session.companyId, session.connectionId), entity: 'shardSession', ...session };
}

export function shardHostItem(shard: number, beat: ShardHostHeartbeat): Record<string, unknown> {
  return { ...shardHostKey(shard), entity: 'shardHost', ...beat, expiresAt: ttlIn(HEARTBEAT_TTL_SECONDS) };
}

function toShardSession(item: Record<string, unknown>): ShardSession {
  return {
    companyId: item.companyId as string,
    connectionId: item.connectionId as string,
    adapter: item.adapter as AdapterKind,
    registeredAt: item.registeredAt as string,
  };
}

/** AP-SH1: every session of a shard (host boot, `host.restart`, reporting a dead shard). */
export async function listShardSessions(shard: number, table: TableRef = processTable()): Promise<ShardSession[]> {
  const items = await queryAll(
    {
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': shardPk(shard) },
      ConsistentRead: true,
    },
    table,
  );
  return items.filter((item) => item.entity === 'shardSession').map(toShardSession);
}

/** AP-SH2: the shard host's heartbeat, if a host is (or was, until a day ago) beating. */
export async function getShardHost(
  shard: number,
  table: TableRef = processTable(),
): Promise<ShardHostHeartbeat | undefined> {
  const out = await table.ddb.send(
    new GetCommand({ TableName: table.tableName, Key: shardHostKey(shard), ConsistentRead: true }),
  );
  if (!out.Item) return undefined;
  const { hostId, startedAt, aliveAt, staleAfterSeconds, sessions, connected } = out.Item;
  return { hostId, startedAt, aliveAt, staleAfterSeconds, sessions, connected } as ShardHostHeartbeat;
}

/** A shard session adopted by the fleet (session-host/src/fleet/shard-pins.ts): the pin goes. */
export async function deleteShardSession(
  shard: number,
  session: Pick<ShardSession, 'companyId' | 'connectionId'>,
  table: TableRef = processTable(),
): Promise<void> {
  await table.ddb.send(
    new DeleteCommand({ TableName: table.tableName, Key: shardSessionKey(shard, session.companyId, session.connectionId) }),
  );
}
