/**
 * Server → browser events over the WebSocket API: every open socket of a company (optionally
 * narrowed by a recipient filter: role, queue …) receives `{ channel, data }`.
 * Publishing is best effort and NEVER throws into the caller: a write that succeeded must not be
 * retried because a browser went away. Dead sockets (410 GoneException) are forgotten on the way.
 */
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { RealtimeEnvelope } from '@atende/shared';
import { deleteWsConnection, listCompanyWsConnections, type WsConnection } from '../data/ws-connections';
import { localClientOptions } from './aws-clients';
import { logger } from './logger';

/** Decides per socket whether it may see the event (the ticket workspace filters by queue and role). */
export type RecipientFilter = (socket: WsConnection) => boolean;

const POST_CONCURRENCY = 10;

let client: { endpoint: string; api: ApiGatewayManagementApiClient } | undefined;

function managementApi(): ApiGatewayManagementApiClient | undefined {
  const endpoint = process.env.WS_MANAGEMENT_ENDPOINT;
  if (!endpoint) return undefined;
  if (client?.endpoint !== endpoint) {
    // A plain-http endpoint is the local gateway: no real account behind it.
    const local = endpoint.startsWith('http://');
    client = { endpoint, api: new ApiGatewayManagementApiClient(local ? localClientOptions(endpoint) : { endpoint }) };
  }
  return client.api;
}

/** Sends one frame to one socket. Throws GoneException (name) when the socket is closed. */
export async function postToSocket(connectionId: string, envelope: RealtimeEnvelope): Promise<void> {
  const api = managementApi();
  if (!api) return;
  await api.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(JSON.stringify(envelope)) }));
}

export async function publishToCompany<T extends { action: string }>(
  companyId: string,
  channel: string,
  data: T,
  filter?: RecipientFilter,
): Promise<void> {
  try {
    if (!managementApi()) return; // no WebSocket API wired (unit tests, scripts)
    const sockets = (await listCompanyWsConnections(companyId)).filter((s) => !filter || filter(s));
    const envelope: RealtimeEnvelope<T> = { channel, data };
    await forEachLimited(sockets, POST_CONCURRENCY, (socket) => deliver(socket, envelope));
  } catch (err) {
    logger.error('realtime publish failed', { err, companyId, channel });
  }
}

async function deliver(socket: WsConnection, envelope: RealtimeEnvelope): Promise<void> {
  try {
    await postToSocket(socket.connectionId, envelope);
  } catch (err) {
    if ((err as Error).name === 'GoneException') {
      await deleteWsConnection(socket.connectionId, socket.companyId).catch((e) => logger.warn('stale socket cleanup failed', { e }));
      return;
    }
    logger.warn('realtime post failed', { err, connectionId: socket.connectionId, channel: envelope.channel });
  }
}

async function forEachLimited<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await run(items[next++]!);
  });
  await Promise.all(workers);
}
