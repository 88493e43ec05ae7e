import type { AccessClaims } from '../../platform/jwt';
import { forbidden } from '../../platform/app-error';
import { removeUser } from '../../data/users';
import { revokeUserSessions } from '../credentials/refresh-sessions';
import { publishUserDeleted } from './user-events';
import { assertMayManage, loadTargetUser } from './user-scope';
import { withRetryOnRace } from './user-writes';

/**
 * `DELETE /users/{id}` (admins): removes the user, frees its e-mail and plan seat, and revokes its
 * refresh sessions. Deleting yourself is refused: it would leave the caller with a dead session
 * and possibly the company without an admin.
 */
export async function deleteUser(auth: AccessClaims, userId: string, requestedCompanyId?: string): Promise<void> {
  if (userId === auth.userId) throw forbidden();
  const removed = await withRetryOnRace(async () => {
    const user = await loadTargetUser(auth, userId, requestedCompanyId);
    assertMayManage(auth, user);
    await removeUser(user);
    return user;
  });
  await revokeUserSessions(removed.companyId, removed.id);
  await publishUserDeleted(removed.companyId, removed.id);
}
