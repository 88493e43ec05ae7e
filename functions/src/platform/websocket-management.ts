/**
 * The WebSocket API's @connections endpoint: post a frame to one socket, or close it. Only the
 * fan-out area uses it (AREA_ACCESS.realtime). A plain-http endpoint is the local gateway.
 */
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { withoutSdkLogger } from '../data/sdk-client';
import { localClientOptions } from './aws-clients';

let client: { endpoint: string; api: ApiGatewayManagementApiClient } | undefined;

function managementApi(): ApiGatewayManagementApiClient | undefined {
  const endpoint = process.env.WS_MANAGEMENT_ENDPOINT;
  if (!endpoint) return undefined;
  if (client?.endpoint !== endpoint) {
    const local = endpoint.startsWith('http://');
    // Middleware resolved once per command (as for the SQS client: platform/queues.ts).
    const options = { ...(local ? localClientOptions(endpoint) : { endpoint }), cacheMiddleware: true };
    client = { endpoint, api: withoutSdkLogger(new ApiGatewayManagementApiClient(options)) };
  }
  return client.api;
}

/** Whether a management endpoint is wired at all (unit tests and scripts have none). */
export const hasWebSocketManagement = (): boolean => managementApi() !== undefined;

/** 410 GoneException: the socket is closed; its item can be forgotten. */
export const isGone = (err: unknown): boolean => (err as Error | undefined)?.name === 'GoneException';

/** Sends one frame (already serialised) to one socket. Throws GoneException when the socket is closed. */
export async function postToSocket(connectionId: string, frame: string): Promise<void> {
  const api = managementApi();
  if (!api) return;
  await api.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(frame) }));
}

/** Closes a socket (API Gateway then runs $disconnect). A socket already gone is not an error. */
export async function closeSocketConnection(connectionId: string): Promise<void> {
  const api = managementApi();
  if (!api) return;
  try {
    await api.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
  } catch (err) {
    if (!isGone(err)) throw err;
  }
}
