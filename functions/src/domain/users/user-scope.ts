/**
 * Tenant scope of every users call. The company comes from the verified token; a `companyId` in the
 * body or query is honoured only for super users (spec part 2 §7 sends it; brief: nobody else may
 * act across companies). Anyone else naming another company gets 403.
 */
import { isAdmin, mayEditUser, mayManageTarget } from '@atende/shared';
import type { AccessClaims } from '../../platform/jwt';
import { AppError, forbidden } from '../../platform/app-error';
import { viewerFromClaims } from '../../platform/viewer';
import { findCompanyIdOfUser, getUser, type UserRecord } from '../../data/users';
import { getCompany } from '../../data/companies';

/** Admins and super users manage their company's users (shared policy `isAdmin`). */
export const isManager = (auth: AccessClaims) => isAdmin(viewerFromClaims(auth));

/** The company a call acts on. */
export async function companyScope(auth: AccessClaims, requestedCompanyId?: string): Promise<string> {
  if (!requestedCompanyId || requestedCompanyId === auth.companyId) return auth.companyId;
  if (!auth.super) throw forbidden();
  if (!(await getCompany(requestedCompanyId))) throw new AppError('ERR_NOT_FOUND', 404);
  return requestedCompanyId;
}

/**
 * Loads the user a call targets. Admins and operators only ever look inside their own company, so a
 * user of another company is simply not found (404, nothing leaks). Super users may name the company
 * or let the user id's locator find it.
 */
export async function loadTargetUser(auth: AccessClaims, userId: string, requestedCompanyId?: string): Promise<UserRecord> {
  const companyId =
    auth.super && !requestedCompanyId
      ? ((await findCompanyIdOfUser(userId)) ?? auth.companyId)
      : await companyScope(auth, requestedCompanyId);
  const user = await getUser(companyId, userId);
  if (!user) throw new AppError('ERR_NO_USER_FOUND', 404);
  return user;
}

/** Operators (and supervisors) may only read or edit themselves. */
export function assertSelfOrManager(auth: AccessClaims, userId: string): void {
  if (!mayEditUser(viewerFromClaims(auth), userId)) throw forbidden();
}

/** Only super users may touch a super user (else an admin of the platform company could take one over). */
export function assertMayManage(auth: AccessClaims, target: UserRecord): void {
  if (!mayManageTarget(viewerFromClaims(auth), target)) throw forbidden();
}
