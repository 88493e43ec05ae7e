import type { SubscriptionStatus } from '@atende/shared';
import { apiGet } from '@/lib/api-client';

/**
 * GET /auth/statusAndDueDateAssignature (spec part 2 §7). The check "fails" when the call
 * fails or the subscription is past its grace day.
 */
export async function fetchSubscriptionOk(): Promise<boolean> {
  const answer = await apiGet<SubscriptionStatus>('/auth/statusAndDueDateAssignature');
  return answer?.status !== 'expired';
}
