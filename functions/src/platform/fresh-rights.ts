/**
 * Access tokens live 15 minutes and carry the user's rights. For the calls where stale rights matter,
 * the token's `tokenVersion` is compared with the user item (one strongly consistent GetItem), so a
 * user deleted, deactivated, demoted or whose password changed loses those calls at once instead of
 * when the token expires. A stale token gets 403 ERR_SESSION_EXPIRED: the console refreshes, and the
 * refresh either issues a token with the current rights or ends the session.
 *
 * Which calls: every write (any method but GET/HEAD/OPTIONS) and every call of an `admin` or `super`
 * route. Reads open to any user keep the token's word for up to 15 minutes (docs/decisions.md).
 */
import { getUser } from '../data/users';
import { AppError } from './app-error';
import type { AccessClaims } from './jwt';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const needsFreshRights = (access: string, method: string | undefined): boolean =>
  access === 'admin' || access === 'super' || !READ_METHODS.has((method ?? 'GET').toUpperCase());

export async function assertRightsCurrent(auth: AccessClaims): Promise<void> {
  const user = await getUser(auth.companyId, auth.userId);
  if (!user || !user.status || user.tokenVersion !== (auth.tokenVersion ?? 0))
    throw new AppError('ERR_SESSION_EXPIRED', 403);
}
