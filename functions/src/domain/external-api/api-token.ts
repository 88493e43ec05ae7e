/**
 * The external send API's credential: a connection's bearer token (spec part 2 §3, 64 letters and
 * digits). Looked up through the platform-wide token lock, keyed by the token's SHA-256 (AP-W5), then
 * the token's hash is compared with the hash of the connection's own token in constant time (equal
 * lengths, so nothing about the stored token leaks through timing), so a stale lock or a timing probe
 * cannot pass. A token older than the hashed lock is found by its legacy lock and moved on first use.
 * The company comes from the connection the token belongs to, never from the request.
 */
import { timingSafeEqual } from 'node:crypto';
import { getCompany } from '../../data/companies';
import { apiTokenDigest } from '../../data/connection-token-locks';
import { getApiTokenHolder, getConnection, migrateApiTokenLock, type ConnectionRecord } from '../../data/connections';
import { AppError } from '../../platform/app-error';
import { bearerToken } from '../../platform/jwt';
import { isCompanySettingOn } from '../companies/companies';

/** Anything else is not a token we issue: refused before it reaches a key. */
const TOKEN_SHAPE = /^[A-Za-z0-9]{16,128}$/;

const unauthorized = () => new AppError('ERR_INVALID_CREDENTIALS', 401, { headers: { 'WWW-Authenticate': 'Bearer' } });

/** Constant time whatever the two tokens are: their SHA-256 digests (32 bytes each) are compared. */
export const sameToken = (a: string, b: string): boolean => timingSafeEqual(apiTokenDigest(a), apiTokenDigest(b));

/** The connection whose token the request carries (401 otherwise; 403 when the company is inactive or has no API option). */
export async function connectionOfToken(headers: Record<string, string | undefined> | null): Promise<ConnectionRecord> {
  const token = bearerToken(headers);
  if (!token || !TOKEN_SHAPE.test(token)) throw unauthorized();
  const holder = await getApiTokenHolder(token);
  const connection = holder ? await getConnection(holder.companyId, holder.connectionId) : undefined;
  if (!holder || !connection || !connection.token || !sameToken(connection.token, token)) throw unauthorized();
  if (holder.legacy) await migrateApiTokenLock(holder, token);
  const company = await getCompany(connection.companyId);
  if (!company || company.deletedAt) throw unauthorized();
  if (!company.status) throw new AppError('ERR_COMPANY_INACTIVE', 403, { params: { companyName: company.name } });
  if (!(await isCompanySettingOn(connection.companyId, 'useApi'))) throw new AppError('ERR_FEATURE_UNAVAILABLE', 403);
  return connection;
}
