import { MS_PER_DAY, subscriptionStatus, type CompanyDto } from '@atende/shared';

/** Where the company is in its subscription, as the /subscription screen tells it. */
export type SubscriptionPhase =
  | { kind: 'trial'; daysLeft: number }
  | { kind: 'trialEnded'; endedOn: string }
  | { kind: 'subscribed'; dueDate: string; overdue: boolean }
  | { kind: 'none' };

/** The calendar day of a date ('2026-11-30') or date-time value. */
const day = (value: string) => value.slice(0, 10);

/**
 * A sign-up's trial ends on its first due date (both set at activation); a payment moves the due
 * date on by the recurrence, past the trial's end, and so does a super user who grants time. From
 * then on the company is subscribed, and the trial's countdown is no longer shown (issue 30 item 11:
 * it still said 'termina em 3 dias' after the payment). A company with no trial date (made by a
 * super user) is subscribed until its due date. While the trial runs, N is the spec's: the days to
 * its end, rounded up (spec part 2 §2).
 */
export function subscriptionPhase(
  company: Pick<CompanyDto, 'dueDate' | 'trialExpiration'> | null | undefined,
  now = Date.now(),
): SubscriptionPhase {
  const trialEnd = company?.trialExpiration ?? null;
  const dueDate = company?.dueDate ?? null;
  if (dueDate && (!trialEnd || day(dueDate) > day(trialEnd)))
    return { kind: 'subscribed', dueDate, overdue: subscriptionStatus({ dueDate }, now).status === 'expired' };
  const end = trialEnd ? Date.parse(trialEnd) : Number.NaN;
  if (!trialEnd || Number.isNaN(end)) return { kind: 'none' };
  if (end <= now) return { kind: 'trialEnded', endedOn: trialEnd };
  return { kind: 'trial', daysLeft: Math.ceil((end - now) / MS_PER_DAY) };
}
