/**
 * WebSocket connections (API Gateway WebSocket API), so the realtime publisher can fan out to a
 * company's open sockets.
 *
 *   socket   PK = C#<cid>#WS            SK = <connectionId>   { userId, profile, super, expiresAt }
 *   reverse  PK = P#WSCONN#<connectionId> SK = WS             { companyId }   ($disconnect knows only the id)
 *
 * `expiresAt` (TTL) is 2 h: API Gateway closes every WebSocket after 2 h, so older items are
 * leftovers of missed $disconnects; the publisher skips them even before TTL removes them.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile } from '@atende/shared';
import { ddb, tableName } from './client';
import { batchWrite, queryAll, type WriteRequest } from './table-operations';
import { platformPk, tenantPk, ttlIn } from './keys';

export const WS_CONNECTION_TTL_SECONDS = 2 * 60 * 60;

export interface WsConnection {
  connectionId: string;
  companyId: string;
  userId: string;
  profile: Profile;
  super: boolean;
  connectedAt: string;
  /** Epoch seconds. */
  expiresAt: number;
}

const socketKey = (companyId: string, connectionId: string) => ({ PK: tenantPk(companyId, 'WS'), SK: connectionId });
const reverseKey = (connectionId: string) => ({ PK: platformPk('WSCONN', connectionId), SK: 'WS' });

export async function putWsConnection(conn: Omit<WsConnection, 'expiresAt' | 'connectedAt'>): Promise<WsConnection> {
  const full: WsConnection = { ...conn, connectedAt: new Date().toISOString(), expiresAt: ttlIn(WS_CONNECTION_TTL_SECONDS) };
  await batchWrite([
    { PutRequest: { Item: { ...socketKey(conn.companyId, conn.connectionId), ...full } } },
    { PutRequest: { Item: { ...reverseKey(conn.connectionId), companyId: conn.companyId, expiresAt: full.expiresAt } } },
  ]);
  return full;
}

/** AP-WS2: the company a socket belongs to ($disconnect, $default). */
export async function findWsConnectionCompany(connectionId: string): Promise<string | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: reverseKey(connectionId) }));
  return out.Item?.companyId as string | undefined;
}

/** Removes both items; unknown ids are a no-op ($disconnect can arrive twice). */
export async function deleteWsConnection(connectionId: string, companyId?: string): Promise<void> {
  const cid = companyId ?? (await findWsConnectionCompany(connectionId));
  const deletes: WriteRequest[] = [{ DeleteRequest: { Key: reverseKey(connectionId) } }];
  if (cid) deletes.push({ DeleteRequest: { Key: socketKey(cid, connectionId) } });
  await batchWrite(deletes);
}

/** AP-WS1: the company's live sockets (one partition; bounded by the company's logged-in users). */
export async function listCompanyWsConnections(companyId: string): Promise<WsConnection[]> {
  const now = Math.floor(Date.now() / 1000);
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': socketKey(companyId, '').PK },
  });
  return items.filter((item) => Number(item.expiresAt) > now).map(toWsConnection);
}

function toWsConnection(item: Record<string, unknown>): WsConnection {
  return {
    connectionId: String(item.connectionId),
    companyId: String(item.companyId),
    userId: String(item.userId),
    profile: item.profile as Profile,
    super: item.super === true,
    connectedAt: String(item.connectedAt),
    expiresAt: Number(item.expiresAt),
  };
}
