/**
 * Sign-in, refresh, sign-out and "who am I" (spec part 1 §7 "Authentication and account").
 *
 * Answers (LoginResponse in shared/src/schemas/users.ts):
 *   login / refresh → { token, user: SessionUserDto (with company and settings), subscription: SubscriptionStatus,
 *                       sessionId: the refresh family's id (the same across refreshes, distinct per sign-in) }
 *   plus the rotated refresh cookie, returned separately for the handler to set.
 */
import type { LoginInput, LoginResponse, SessionUserDto, SubscriptionStatus } from '@atende/shared';
import { AppError } from '../../platform/app-error';
import { signAccessToken, type AccessClaims } from '../../platform/jwt';
import { getCompany, type Company } from '../../data/companies';
import { getPlan } from '../../data/plans';
import { findUserIdByEmail, getUser, type UserRecord } from '../../data/users';
import { getCompanySettings, toCompanyDto } from '../companies/companies';
import { noteCompanySeen } from '../companies/last-seen';
import { toUserDto } from '../users/user-dto';
import { publishSessionStarted } from '../users/user-events';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './login-rate-limit';
import { burnPasswordCheck, verifyPassword } from '../credentials/password';
import {
  revokeRefreshFamily,
  rotateRefreshSession,
  sessionIdOf,
  startRefreshSession,
} from '../credentials/refresh-sessions';
import { assertMayHoldSession } from './session-guard';
import { subscriptionStatus } from '@atende/shared';

export interface SessionAnswer {
  response: LoginResponse;
  refreshCookieValue: string;
}

const invalidCredentials = () => new AppError('ERR_INVALID_CREDENTIALS', 401);

export async function login(input: LoginInput, ip: string): Promise<SessionAnswer> {
  await assertLoginAllowed(input.email, ip);
  const owner = await findUserIdByEmail(input.email);
  const user = owner ? await getUser(owner.companyId, owner.userId) : undefined;
  const passwordOk = user
    ? await verifyPassword(input.password, user.passwordHash)
    : await burnPasswordCheck(input.password);
  if (!user || !passwordOk) {
    await recordLoginFailure(input.email, ip);
    throw invalidCredentials();
  }
  const company = await getCompany(user.companyId);
  if (!company) throw invalidCredentials();
  const subscription = assertMayHoldSession(user, company, 403);
  await clearLoginFailures(input.email, ip);

  const refreshCookieValue = await startRefreshSession(user.companyId, user.id);
  const sessionId = sessionIdOf(refreshCookieValue);
  // The user's other consoles log out; this one recognises its own sign-in by the session id.
  await publishSessionStarted(user.companyId, user.id, sessionId);
  await noteCompanySeen(user.companyId);
  return { response: await sessionResponse(user, company, subscription, sessionId), refreshCookieValue };
}

/** Rotates the refresh cookie and issues a new access token; the user must still be allowed a session. */
export async function refresh(cookieValue: string | undefined): Promise<SessionAnswer> {
  const rotated = await rotateRefreshSession(cookieValue);
  const user = await getUser(rotated.companyId, rotated.userId);
  const company = user && (await getCompany(user.companyId));
  try {
    if (!user || !company) throw new AppError('ERR_SESSION_EXPIRED', 401);
    const subscription = assertMayHoldSession(user, company, 401);
    await noteCompanySeen(company.id);
    return {
      response: await sessionResponse(user, company, subscription, rotated.familyId),
      refreshCookieValue: rotated.cookieValue,
    };
  } catch (err) {
    await revokeRefreshFamily(rotated.companyId, rotated.familyId);
    throw err;
  }
}

/**
 * `GET /auth/me`. Also re-checks the session rules, so a user deactivated (or whose company was
 * blocked) since the access token was issued is told so with a 401 instead of carrying on.
 */
export async function currentUser(auth: AccessClaims): Promise<SessionUserDto> {
  const user = await getUser(auth.companyId, auth.userId);
  const company = user && (await getCompany(user.companyId));
  if (!user || !company) throw new AppError('ERR_NO_USER_FOUND', 401);
  assertMayHoldSession(user, company, 401);
  return sessionUser(user, company);
}

/** `GET /auth/statusAndDueDateAssignature`: the caller's company subscription state. */
export async function companySubscription(auth: AccessClaims): Promise<SubscriptionStatus> {
  const company = await getCompany(auth.companyId);
  if (!company) throw new AppError('ERR_NOT_FOUND', 404);
  return subscriptionStatus(company);
}

async function sessionUser(user: UserRecord, company: Company): Promise<SessionUserDto> {
  const [dto, settings, plan] = await Promise.all([
    toUserDto(user),
    getCompanySettings(company.id),
    getPlan(company.planId),
  ]);
  return { ...dto, company: toCompanyDto(company, settings, plan) };
}

async function sessionResponse(
  user: UserRecord,
  company: Company,
  subscription: SubscriptionStatus,
  sessionId: string,
): Promise<LoginResponse> {
  const [token, sessionUserDto] = await Promise.all([
    signAccessToken({
      userId: user.id,
      companyId: user.companyId,
      profile: user.profile,
      super: user.super,
      tokenVersion: user.tokenVersion,
    }),
    sessionUser(user, company),
  ]);
  return { token, user: sessionUserDto, subscription, sessionId };
}
