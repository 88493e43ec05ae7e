import {
  DUE_DATE_GRACE_DAYS,
  MS_PER_DAY,
  SUBSCRIPTION_WARNING_DAYS,
  type CompanyDto,
  type SubscriptionStatus,
} from '@atende/shared';

/**
 * The console's own reading of the due date, used by the company guard on every route
 * change (the login answer carries the server's reading). Overdue means due date plus
 * one day is past; the warning window is 1–4 rounded days left (spec part 1 §4, §9).
 */
export function subscriptionFromDueDate(dueDate: string | null | undefined, now = Date.now()): SubscriptionStatus {
  const due = dueDate ? Date.parse(dueDate) : Number.NaN;
  if (Number.isNaN(due)) return { status: 'active', dueDate: dueDate ?? null, daysLeft: null };
  const daysLeft = Math.round((due - now) / MS_PER_DAY);
  if (now > due + DUE_DATE_GRACE_DAYS * MS_PER_DAY) return { status: 'expired', dueDate: dueDate!, daysLeft };
  const warn = daysLeft >= SUBSCRIPTION_WARNING_DAYS.min && daysLeft <= SUBSCRIPTION_WARNING_DAYS.max;
  return { status: warn ? 'warning' : 'active', dueDate: dueDate!, daysLeft };
}

export type CompanyVerdict =
  | { kind: 'ok' }
  | { kind: 'inactive' }
  | { kind: 'expired'; dueDate: string };

/** What the company guard must do for this company right now. */
export function judgeCompany(company: CompanyDto | null | undefined, now = Date.now()): CompanyVerdict {
  if (!company) return { kind: 'ok' };
  if (company.status !== true) return { kind: 'inactive' };
  const subscription = subscriptionFromDueDate(company.dueDate, now);
  if (subscription.status === 'expired') return { kind: 'expired', dueDate: company.dueDate! };
  return { kind: 'ok' };
}
