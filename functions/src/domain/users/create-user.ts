import { ulid } from '@atende/shared/ids';
import type { CreateUserInput, Profile, UserDto } from '@atende/shared';
import type { AccessClaims } from '../../platform/jwt';
import { forbidden } from '../../platform/app-error';
import { insertUser, type UserRecord } from '../../data/users';
import { activeUserLimit } from '../plans/plans';
import { hashPassword } from '../credentials/password';
import { toUserDto } from './user-dto';
import { publishUserUpdated } from './user-events';
import { companyScope } from './user-scope';
import { userWriteError } from './user-writes';
import { withEmailProbeLimit } from './email-probe-limit';

export interface NewUser {
  /** A chosen id makes a retried creation land on the same user (sign-up activation). */
  id?: string;
  name: string;
  email: string;
  /** The plain password, or `passwordHash` when it was hashed earlier (a sign-up's lead). */
  password?: string;
  passwordHash?: string;
  profile: Profile;
  status: boolean;
  super: boolean;
  queueIds: string[];
}

/**
 * Stores a new user of `companyId`: e-mail unique across the platform (400 ERR_EMAIL_ALREADY_EXISTS),
 * active users within the plan's limit (400 ERR_USER_LIMIT_ACTIVE). Used by the API and the seed.
 */
export async function addUser(companyId: string, input: NewUser): Promise<UserRecord> {
  const now = new Date().toISOString();
  const user: UserRecord = {
    id: input.id ?? ulid(),
    companyId,
    name: input.name.trim(),
    email: input.email.trim().toLowerCase(),
    passwordHash: input.passwordHash ?? (await hashPassword(input.password ?? '')),
    profile: input.profile,
    status: input.status,
    super: input.super,
    queueIds: [...new Set(input.queueIds)],
    drawerMenuOpen: true,
    version: 1,
    tokenVersion: 0,
    createdAt: now,
    updatedAt: now,
  };
  const limit = user.status ? await activeUserLimit(companyId) : null;
  try {
    await insertUser(user, limit);
  } catch (err) {
    throw userWriteError(err);
  }
  return user;
}

/** `POST /users` (admins; super users may name another company and create super users). */
export async function createUser(auth: AccessClaims, input: CreateUserInput): Promise<UserDto> {
  if (input.super && !auth.super) throw forbidden();
  const companyId = await companyScope(auth, input.companyId);
  const user = await withEmailProbeLimit(companyId, () => addUser(companyId, { ...input, super: input.super ?? false }));
  const dto = await toUserDto(user);
  await publishUserUpdated(dto);
  return dto;
}
