import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginInput, LoginResponse, SubscriptionStatus } from '@atende/shared';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { sessionStore } from '@/lib/session-store';
import { notify } from '@/lib/toaster';
import { subscriptionStatusRequest, useLoginMutation } from '../api/login';
import { clearSessionLocally } from '../api/logout';
import { isAdminProfile } from './use-session';
import { subscriptionStatus } from '@atende/shared';

/** The login answer carries the subscription state; older answers are completed with one call. */
async function subscriptionOf(answer: LoginResponse): Promise<SubscriptionStatus> {
  if (answer.subscription) return answer.subscription;
  try {
    return await subscriptionStatusRequest();
  } catch {
    return subscriptionStatus({ dueDate: answer.user.company?.dueDate });
  }
}

/**
 * Sign-in with the spec's session rules (part 1 §4): an inactive user gets a 7 s warning;
 * with an overdue subscription an admin lands on /invoices with the message and anyone
 * else is refused; an admin with 1–4 days left is warned.
 */
export function useSignIn() {
  const { t } = useTranslation();
  const mutation = useLoginMutation();

  const signIn = useCallback(
    async (input: LoginInput): Promise<void> => {
      let answer: LoginResponse;
      try {
        answer = await mutation.mutateAsync(input);
      } catch (error) {
        if (isApiError(error) && error.code === 'ERR_USER_INACTIVE') notify.warning(t('auth.inactiveUser'));
        else if (isApiError(error) && error.code === 'ERR_TOO_MANY_ATTEMPTS') notify.warning(t('auth.tooManyAttempts'));
        else notify.error(error);
        return;
      }
      const { token, user } = answer;
      if (!user.status) {
        notify.warning(t('auth.inactiveUser'));
        clearSessionLocally();
        return;
      }
      // Hold the token (still signed out for the router) while we read the subscription.
      sessionStore.setToken(token);
      const subscription = await subscriptionOf(answer);
      const isAdmin = isAdminProfile(user.profile);
      const companyName = user.company?.name ?? '';
      if (subscription.status === 'expired' && !user.super) {
        if (!isAdmin) {
          notify.error(t('auth.subscriptionExpiredUser', { company: companyName }));
          clearSessionLocally();
          return;
        }
        notify.error(t('guard.subscriptionExpired', { date: formatDate(subscription.dueDate) }));
        sessionStore.signIn(token, user, '/invoices');
        return;
      }
      if (isAdmin && subscription.status === 'warning' && subscription.daysLeft !== null) {
        notify.warning(t('auth.subscriptionDueSoon', { count: subscription.daysLeft }));
      }
      sessionStore.signIn(token, user);
    },
    [mutation, t],
  );

  return { signIn, isPending: mutation.isPending };
}
