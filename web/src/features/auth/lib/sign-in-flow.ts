import { isAdmin as isAdminViewer, type LoginInput, type LoginResponse } from '@atende/shared';
import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { sessionStore } from '@/lib/session-store';
import { notify } from '@/lib/toaster';
import { viewerOf } from '@/hooks/use-session';
import { loginRequest } from '../api/login';
import { forgetSignOutReason } from './sign-out-reason';

/**
 * Sign-in with the spec's session rules (part 1 §4): an inactive user gets a 7 s warning;
 * with an overdue subscription an admin lands on /invoices with the message and anyone
 * else is refused; an admin with 1–4 days left is warned.
 * Loaded after the sign-in page's first paint, with the toasts and dates it uses (issue 28; use-sign-in.ts).
 * `settle` runs once the server has answered (the button stops spinning).
 */
export async function runSignIn(input: LoginInput, t: TFunction, settle: () => void): Promise<void> {
  let answer: LoginResponse;
  try {
    answer = await loginRequest(input);
  } catch (error) {
    // The server refuses inactive users and, outside admins, companies past due (spec part 1 §4).
    if (isApiError(error) && error.code === 'ERR_USER_INACTIVE') notify.warning(t('inactiveUser'));
    else if (isApiError(error) && error.code === 'ERR_TOO_MANY_ATTEMPTS') notify.warning(t('tooManyAttempts'));
    else if (isApiError(error) && error.code === 'ERR_SUBSCRIPTION_EXPIRED' && typeof error.params?.company === 'string') {
      notify.error(t('subscriptionExpiredUser', { company: error.params.company }));
    } else notify.error(error);
    return;
  } finally {
    settle();
  }
  const { token, user, subscription, sessionId } = answer;
  forgetSignOutReason();
  const isAdmin = isAdminViewer(viewerOf(user)!);
  // Only an admin gets this far with an overdue subscription: to /invoices, with the message.
  if (subscription.status === 'expired' && !user.super) {
    notify.error(t('guard.subscriptionExpired', { date: formatDate(subscription.dueDate) }));
    sessionStore.signIn(token, user, { landing: '/invoices', sessionId });
    return;
  }
  if (isAdmin && subscription.status === 'warning' && subscription.daysLeft !== null) {
    notify.warning(t('subscriptionDueSoon', { count: subscription.daysLeft }));
  }
  sessionStore.signIn(token, user, { sessionId });
}
