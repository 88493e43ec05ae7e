/**
 * Subscription state of a company (spec part 1 §4 "Session", §9): overdue once the due date plus
 * one day is past; admins are warned when the rounded days left are 1 to 4.
 * The platform company (super users) has no subscription and is always active.
 */
import { DUE_DATE_GRACE_DAYS, MS_PER_DAY, SUBSCRIPTION_WARNING_DAYS, type SubscriptionStatus } from '@atende/shared';
import type { Company } from '../../data/companies';

export function subscriptionStatus(company: Pick<Company, 'dueDate' | 'isPlatform'>, now = Date.now()): SubscriptionStatus {
  const due = company.dueDate ? Date.parse(company.dueDate) : Number.NaN;
  if (company.isPlatform || Number.isNaN(due)) return { status: 'active', dueDate: company.dueDate ?? null, daysLeft: null };
  const daysLeft = Math.round((due - now) / MS_PER_DAY);
  if (now > due + DUE_DATE_GRACE_DAYS * MS_PER_DAY) return { status: 'expired', dueDate: company.dueDate, daysLeft };
  const warn = daysLeft >= SUBSCRIPTION_WARNING_DAYS.min && daysLeft <= SUBSCRIPTION_WARNING_DAYS.max;
  return { status: warn ? 'warning' : 'active', dueDate: company.dueDate, daysLeft };
}
