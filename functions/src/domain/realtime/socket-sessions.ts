/**
 * The WebSocket API's life cycle (ARCHITECTURE.md "Authenticated realtime"): a socket exists for
 * the server only after `$connect` verified its access token; it then belongs to the token's company
 * and receives that company's events (platform/realtime-publisher.ts).
 */
import type { RealtimeEnvelope } from '@atende/shared';
import { deleteWsConnection, putWsConnection } from '../../data/ws-connections';
import { verifyAccessToken } from '../../platform/jwt';
import { postToSocket } from '../../platform/realtime-publisher';

/** Throws AppError (401 invalid, 403 expired) from the token check; nothing is stored then. */
export async function openSocket(connectionId: string, token: string | undefined): Promise<void> {
  const claims = await verifyAccessToken(token ?? '');
  await putWsConnection({ connectionId, companyId: claims.companyId, userId: claims.userId, profile: claims.profile, super: claims.super });
}

export async function closeSocket(connectionId: string): Promise<void> {
  await deleteWsConnection(connectionId);
}

export const PONG: RealtimeEnvelope = { channel: 'pong', data: { action: 'pong' } };

/** Client frames: `{ "action": "ping" }` keeps the socket from the 10-minute idle close. Others are ignored. */
export async function answerClientFrame(connectionId: string, body: string | undefined): Promise<void> {
  let action: unknown;
  try {
    action = (JSON.parse(body ?? '') as { action?: unknown }).action;
  } catch {
    return;
  }
  if (action === 'ping') await postToSocket(connectionId, PONG);
}
