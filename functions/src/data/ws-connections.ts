/**
 * WebSocket connections (API Gateway WebSocket API), so the fan-out can reach a company's open
 * sockets.
 *
 *   socket   PK = C#<cid>#WS              SK = <connectionId>   { userId, profile, super, tokenExpiresAt, packedFrames, viewingTicketId?, expiresAt }
 *   reverse  PK = P#WSCONN#<connectionId> SK = WS               { companyId }   ($disconnect and $default know only the id)
 *
 * `expiresAt` (TTL) is 2 h: API Gateway closes every WebSocket after 2 h, so older items are
 * leftovers of missed $disconnects; readers skip them even before TTL removes them.
 * `tokenExpiresAt` is the `exp` of the access token the socket was opened with: past it the fan-out
 * closes the socket and the console reconnects with a fresh token. `profile`/`super` are what the
 * token said; the fan-out judges audiences by the user's CURRENT rights (user-rights.ts), not by these.
 * Two-item writes are two single-item requests (no batch, so nothing can come back unprocessed).
 * Every write of a socket item is followed by a bump of the company's sockets version (user-rights.ts),
 * which tells the fan-out its cached socket list is stale.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from './table-operations';
import type { Profile } from '@atende/shared';
import { ddb, tableName } from './client';
import { platformPk, tenantPk, ttlIn } from './keys';
import { bumpSocketsVersion } from './user-rights';

export const WS_CONNECTION_TTL_SECONDS = 2 * 60 * 60;

export interface WsConnection {
  connectionId: string;
  companyId: string;
  userId: string;
  profile: Profile;
  super: boolean;
  connectedAt: string;
  /** Epoch seconds: the access token's expiry. */
  tokenExpiresAt: number;
  /** Opened with `?frames=batch`: receives a fan-out batch as one packed frame (shared/src/realtime.ts). */
  packedFrames: boolean;
  /** The ticket this console shows (joined with `joinTicket`), or null. */
  viewingTicketId: string | null;
  /** Epoch seconds (TTL). */
  expiresAt: number;
}

export type NewWsConnection = Omit<WsConnection, 'expiresAt' | 'connectedAt' | 'viewingTicketId'>;

const socketKey = (companyId: string, connectionId: string) => ({ PK: tenantPk(companyId, 'WS'), SK: connectionId });
const reverseKey = (connectionId: string) => ({ PK: platformPk('WSCONN', connectionId), SK: 'WS' });
const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function putWsConnection(conn: NewWsConnection): Promise<WsConnection> {
  const full: WsConnection = {
    ...conn,
    viewingTicketId: null,
    connectedAt: new Date().toISOString(),
    expiresAt: ttlIn(WS_CONNECTION_TTL_SECONDS),
  };
  // Reverse item first: a socket item without it could not be found again by $disconnect.
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...reverseKey(conn.connectionId), companyId: conn.companyId, expiresAt: full.expiresAt },
    }),
  );
  await ddb().send(
    new PutCommand({ TableName: tableName(), Item: { ...socketKey(conn.companyId, conn.connectionId), ...full } }),
  );
  await bumpSocketsVersion(conn.companyId);
  return full;
}

/** AP-WS2: the company a socket belongs to ($disconnect, $default). */
export async function findWsConnectionCompany(connectionId: string): Promise<string | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: reverseKey(connectionId) }));
  return out.Item?.companyId as string | undefined;
}

/** AP-WS3: one socket of a company, if still live. */
export async function getWsConnection(companyId: string, connectionId: string): Promise<WsConnection | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: socketKey(companyId, connectionId) }));
  return out.Item && Number(out.Item.expiresAt) > nowSeconds() ? toWsConnection(out.Item) : undefined;
}

/** Removes both items; unknown ids are a no-op ($disconnect can arrive twice). */
export async function deleteWsConnection(connectionId: string, companyId?: string): Promise<void> {
  const cid = companyId ?? (await findWsConnectionCompany(connectionId));
  if (cid) {
    await ddb().send(new DeleteCommand({ TableName: tableName(), Key: socketKey(cid, connectionId) }));
    await bumpSocketsVersion(cid);
  }
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: reverseKey(connectionId) }));
}

/**
 * Sets (or clears, with null) the ticket a socket shows. Only an existing socket item is updated:
 * a join racing the socket's $disconnect must not resurrect it. Returns false when it is gone.
 */
export async function setViewingTicket(companyId: string, connectionId: string, ticketId: string | null): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: socketKey(companyId, connectionId),
        UpdateExpression: 'SET viewingTicketId = :t',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':t': ticketId },
      }),
    );
    await bumpSocketsVersion(companyId);
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/**
 * AP-WS1: the company's live sockets (one partition; bounded by the company's logged-in users).
 * `consistent`: the fan-out caches the list under the sockets version it read just before.
 */
export async function listCompanyWsConnections(
  companyId: string,
  options: { consistent?: boolean } = {},
): Promise<WsConnection[]> {
  const now = nowSeconds();
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': socketKey(companyId, '').PK },
    ...(options.consistent ? { ConsistentRead: true } : {}),
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
    // Items written before tokenExpiresAt existed: trust them until their 2-hour TTL.
    tokenExpiresAt: Number(item.tokenExpiresAt ?? item.expiresAt),
    packedFrames: item.packedFrames === true,
    viewingTicketId: typeof item.viewingTicketId === 'string' ? item.viewingTicketId : null,
    expiresAt: Number(item.expiresAt),
  };
}
