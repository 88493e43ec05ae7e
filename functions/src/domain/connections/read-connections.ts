import type { ConnectionDto } from '@atende/shared';
import { type ConnectionRecord, findDefaultConnection, getConnection, listConnections } from '../../data/connections';
import { AppError } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import { toConnectionDtos } from './connection-dto';
import { loadConnectionSettings, mayReadToken } from './connection-policy';

/** The company's connection (from the token's company only) or 404 ERR_NO_WAPP_FOUND. */
export async function requireConnection(companyId: string, connectionId: string): Promise<ConnectionRecord> {
  const record = await getConnection(companyId, connectionId);
  if (!record) throw new AppError('ERR_NO_WAPP_FOUND', 404);
  return record;
}

/** GET /whatsapp */
export async function listConnectionsFor(auth: AccessClaims): Promise<ConnectionDto[]> {
  const [records, settings] = await Promise.all([listConnections(auth.companyId), loadConnectionSettings(auth.companyId)]);
  return toConnectionDtos(auth.companyId, records, mayReadToken(auth, settings));
}

/** GET /whatsapp/{id} */
export async function getConnectionFor(auth: AccessClaims, connectionId: string): Promise<ConnectionDto> {
  const [record, settings] = await Promise.all([
    requireConnection(auth.companyId, connectionId),
    loadConnectionSettings(auth.companyId),
  ]);
  return (await toConnectionDtos(auth.companyId, [record], mayReadToken(auth, settings)))[0]!;
}

/**
 * The company's default connection, for flows that need one when the caller names none (new
 * tickets, the external API, scheduled messages). None → 404 ERR_NO_DEF_WAPP_FOUND.
 */
export async function getDefaultConnection(companyId: string): Promise<ConnectionRecord> {
  const record = await findDefaultConnection(companyId);
  if (!record) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 404);
  return record;
}
