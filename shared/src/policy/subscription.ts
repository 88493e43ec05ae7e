/**
 * The subscription rule (spec part 1 §4 "Session", "Company guard", §9), used by the API's session
 * answer and by the console's company guard: overdue once the due date plus one day is past; admins
 * are warned when the rounded days left are 1 to 4. The platform company has no subscription.
 */
import { DUE_DATE_GRACE_DAYS, MS_PER_DAY, SUBSCRIPTION_WARNING_DAYS } from '../constants';
import type { SubscriptionStatus } from '../schemas/auth';

export function subscriptionStatus(
  company: { dueDate?: string | null; isPlatform?: boolean },
  now = Date.now(),
): SubscriptionStatus {
  const dueDate = company.dueDate ?? null;
  const due = dueDate ? Date.parse(dueDate) : Number.NaN;
  if (company.isPlatform || Number.isNaN(due)) return { status: 'active', dueDate, daysLeft: null };
  const daysLeft = Math.round((due - now) / MS_PER_DAY);
  if (now > due + DUE_DATE_GRACE_DAYS * MS_PER_DAY) return { status: 'expired', dueDate, daysLeft };
  const warn = daysLeft >= SUBSCRIPTION_WARNING_DAYS.min && daysLeft <= SUBSCRIPTION_WARNING_DAYS.max;
  return { status: warn ? 'warning' : 'active', dueDate, daysLeft };
}

export type CompanyVerdict = { kind: 'ok' } | { kind: 'inactive' } | { kind: 'expired'; dueDate: string };

/** What the company guard must do for this company right now. */
export function judgeCompany(
  company: { status?: boolean; dueDate?: string | null; isPlatform?: boolean } | null | undefined,
  now = Date.now(),
): CompanyVerdict {
  if (!company) return { kind: 'ok' };
  if (company.status !== true) return { kind: 'inactive' };
  const subscription = subscriptionStatus(company, now);
  return subscription.status === 'expired' ? { kind: 'expired', dueDate: subscription.dueDate! } : { kind: 'ok' };
}
