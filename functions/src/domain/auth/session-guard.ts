/**
 * Who may hold a session (spec part 1 §4 "Session" and "Company guard"): the user must be active,
 * the company active, and — except for admins, who must reach /invoices to pay — the subscription
 * not overdue. Super users and the platform company are exempt from company rules.
 */
import type { SubscriptionStatus } from '@atende/shared';
import { AppError } from '../../platform/app-error';
import type { Company } from '../../data/companies';
import type { UserRecord } from '../../data/users';
import { isAdmin, subscriptionStatus } from '@atende/shared';

/**
 * Throws the reason a user may not hold a session, with `status` (403 at login, 401 at refresh so the
 * console drops the session). Returns the subscription state for the answer.
 */
export function assertMayHoldSession(user: UserRecord, company: Company, status: 401 | 403): SubscriptionStatus {
  if (!user.status) throw new AppError('ERR_USER_INACTIVE', status);
  const subscription = subscriptionStatus(company);
  if (user.super || company.isPlatform) return subscription;
  if (!company.status) throw new AppError('ERR_COMPANY_INACTIVE', status, { params: { companyName: company.name } });
  if (subscription.status === 'expired' && !isAdmin(user)) {
    throw new AppError('ERR_SUBSCRIPTION_EXPIRED', status, { params: { companyName: company.name } });
  }
  return subscription;
}
