import type { UpdateUserInput, UserDto } from '@atende/shared';
import type { AccessClaims } from '../../platform/jwt';
import { AppError, forbidden } from '../../platform/app-error';
import { replaceUser, type UserRecord } from '../../data/users';
import { activeUserLimit } from '../plans/plans';
import { hashPassword } from '../credentials/password';
import { revokeUserSessions } from '../credentials/refresh-sessions';
import { toUserDto } from './user-dto';
import { publishUserUpdated } from './user-events';
import { assertMayManage, assertSelfOrManager, isManager, loadTargetUser } from './user-scope';
import { withRetryOnRace } from './user-writes';
import { withEmailProbeLimit } from './email-probe-limit';

const sameSet = (a: string[], b: string[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;

/**
 * Applies the fields the caller may change. Operators editing themselves (the own-profile modal)
 * may change name, e-mail and password; the form still sends profile/status/queues, so unchanged
 * values are accepted and only a CHANGE is refused (403).
 */
async function applyChanges(auth: AccessClaims, before: UserRecord, input: UpdateUserInput): Promise<UserRecord> {
  const manager = isManager(auth);
  const wants = {
    profile: input.profile !== undefined && input.profile !== before.profile,
    status: input.status !== undefined && input.status !== before.status,
    queueIds: input.queueIds !== undefined && !sameSet([...new Set(input.queueIds)], before.queueIds),
    super: input.super !== undefined && input.super !== before.super,
  };
  if (!manager && (wants.profile || wants.status || wants.queueIds)) throw forbidden();
  if (wants.super && !auth.super) throw forbidden();
  if (wants.status && input.status === false && before.id === auth.userId) {
    throw new AppError('ERR_CANNOT_DEACTIVATE_SELF', 400);
  }
  // Rights or credentials change: tokens issued before stop passing privileged calls (platform/fresh-rights.ts).
  const rightsChange = wants.profile || wants.status || wants.super || !!input.password;
  return {
    ...before,
    name: input.name?.trim() ?? before.name,
    email: input.email?.trim().toLowerCase() ?? before.email,
    profile: input.profile ?? before.profile,
    status: input.status ?? before.status,
    super: input.super ?? before.super,
    queueIds: input.queueIds ? [...new Set(input.queueIds)] : before.queueIds,
    passwordHash: input.password ? await hashPassword(input.password) : before.passwordHash,
    version: before.version + 1,
    tokenVersion: before.tokenVersion + (rightsChange ? 1 : 0),
    updatedAt: new Date().toISOString(),
  };
}

/**
 * `PUT /users/{id}`. A deactivation ends every session of the user; a password change ends every
 * other one: all of them on an admin's reset, all but `currentFamilyId` (the refresh family of the
 * caller's cookie) when users change their own password, so a stolen refresh cookie stops working.
 */
export async function updateUser(
  auth: AccessClaims,
  userId: string,
  input: UpdateUserInput,
  currentFamilyId?: string,
): Promise<UserDto> {
  assertSelfOrManager(auth, userId);
  const write = () =>
    withRetryOnRace(async () => {
      const before = await loadTargetUser(auth, userId, input.companyId);
      assertMayManage(auth, before);
      const after = await applyChanges(auth, before, input);
      const limit = !before.status && after.status ? await activeUserLimit(after.companyId) : null;
      await replaceUser(before, after, limit);
      return { before, after };
    });
  // Only an e-mail change can hit another user's address (and so probe for it).
  const { before, after } = input.email ? await withEmailProbeLimit(auth.companyId, write) : await write();
  if (before.status && !after.status) await revokeUserSessions(after.companyId, after.id);
  else if (input.password)
    await revokeUserSessions(after.companyId, after.id, after.id === auth.userId ? currentFamilyId : undefined);
  const dto = await toUserDto(after);
  await publishUserUpdated(dto);
  return dto;
}
