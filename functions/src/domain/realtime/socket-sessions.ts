/**
 * The WebSocket API's life cycle (ARCHITECTURE.md "Authenticated realtime"): a socket exists for
 * the server only after `$connect` verified its access token AND found its user active; it then
 * belongs to the token's company and receives that company's events, filtered by audience
 * (domain/fanout). The socket remembers the token's expiry: past it the fan-out closes it and the
 * console reconnects with a fresh token.
 */
import { decodeJwt } from 'jose';
import { REALTIME_PACKED_FRAMES } from '@atende/shared';
import { deleteWsConnection, putWsConnection } from '../../data/ws-connections';
import { getUser } from '../../data/users';
import { AppError } from '../../platform/app-error';
import { verifyAccessToken } from '../../platform/jwt';
import { noteCompanySeen } from '../companies/last-seen';

/**
 * Throws AppError (401 invalid or user gone/inactive, 403 expired) from the checks; nothing is stored then.
 * `framesParam` is the `frames` query parameter: `batch` asks for packed frames, anything else for plain ones.
 */
export async function openSocket(connectionId: string, token: string | undefined, framesParam?: string): Promise<void> {
  const claims = await verifyAccessToken(token ?? '');
  const user = await getUser(claims.companyId, claims.userId);
  if (!user || !user.status) throw new AppError('ERR_INVALID_CREDENTIALS', 401);
  const exp = decodeJwt(token ?? '').exp;
  if (typeof exp !== 'number') throw new AppError('ERR_INVALID_CREDENTIALS', 401);
  await putWsConnection({
    connectionId,
    companyId: claims.companyId,
    userId: claims.userId,
    profile: claims.profile,
    super: claims.super,
    tokenExpiresAt: exp,
    packedFrames: framesParam === REALTIME_PACKED_FRAMES,
  });
  await noteCompanySeen(claims.companyId); // the Reports tab's online clients
}

export async function closeSocket(connectionId: string): Promise<void> {
  await deleteWsConnection(connectionId);
}
