/**
 * The recipients of one company for one batch of events: its live sockets, judged by their users'
 * CURRENT rights (audience-cache.ts: one small consistent read per batch, docs/decisions.md "Fan-out
 * keyed by an audience version"), so a queue change, a demotion, a deactivation or a deletion applies
 * on the next batch without anyone updating socket items. Sockets that must not live on are dropped here:
 * - user deleted or deactivated → a last `auth` `revoked` frame (the console logs out), then closed;
 * - access token expired → closed without a frame (the console reconnects with a fresh token).
 */
import { policySettings, realtimeChannel, type PolicySettings, type RealtimeRecipient } from '@atende/shared';
import { listRecentSettings } from '../../data/settings';
import type { UserRights } from '../../data/user-rights';
import { deleteWsConnection, type WsConnection } from '../../data/ws-connections';
import { logger } from '../../platform/logger';
import { closeSocketConnection, postToSocket } from '../../platform/websocket-management';
import { loadCompanyAudience } from './audience-cache';

export interface LiveSocket {
  connectionId: string;
  recipient: RealtimeRecipient;
  /** Takes the batch's events as packed frames (shared/src/realtime.ts). */
  packedFrames: boolean;
}

export interface CompanySockets {
  live: LiveSocket[];
  /** The company's policy toggles, read on first need (through the 5 s settings cache) and kept for the batch. */
  settings(): Promise<PolicySettings>;
  /** Forgets a socket that answered 410 Gone. */
  forget(connectionId: string): Promise<void>;
}

export async function loadCompanySockets(
  companyId: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<CompanySockets> {
  const { sockets, rights } = await loadCompanyAudience(companyId);
  const live: LiveSocket[] = [];
  const dropping: Promise<void>[] = [];
  for (const socket of sockets) {
    if (socket.expiresAt <= nowSeconds) continue; // a missed $disconnect's leftover (TTL removes it)
    const owner = rights.get(socket.userId);
    if (!owner || !owner.status) dropping.push(revoke(socket, owner ? 'deactivated' : 'deleted'));
    else if (socket.tokenExpiresAt <= nowSeconds) dropping.push(drop(socket));
    else
      live.push({
        connectionId: socket.connectionId,
        recipient: recipientOf(socket, owner),
        packedFrames: socket.packedFrames,
      });
  }
  await Promise.all(dropping);
  let settings: Promise<PolicySettings> | undefined;
  return {
    live,
    settings: () => (settings ??= listRecentSettings(companyId).then(policySettings)),
    async forget(connectionId) {
      const at = live.findIndex((s) => s.connectionId === connectionId);
      if (at >= 0) live.splice(at, 1);
      await deleteWsConnection(connectionId, companyId);
    },
  };
}

const recipientOf = (socket: WsConnection, owner: UserRights): RealtimeRecipient => ({
  userId: socket.userId,
  companyId: socket.companyId,
  profile: owner.profile,
  super: owner.super,
  queueIds: owner.queueIds,
  viewingTicketId: socket.viewingTicketId,
});

async function revoke(socket: WsConnection, reason: 'deleted' | 'deactivated'): Promise<void> {
  const frame = JSON.stringify({ channel: realtimeChannel.auth(socket.companyId), data: { action: 'revoked', reason } });
  await postToSocket(socket.connectionId, frame).catch(() => undefined); // it is closed next either way
  await drop(socket);
}

async function drop(socket: WsConnection): Promise<void> {
  try {
    await closeSocketConnection(socket.connectionId);
  } catch (err) {
    logger.warn('socket close failed', { err, connectionId: socket.connectionId });
  }
  await deleteWsConnection(socket.connectionId, socket.companyId);
}
