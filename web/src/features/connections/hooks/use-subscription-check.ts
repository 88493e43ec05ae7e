import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toaster';
import { useSession } from '@/hooks/use-session';
import { fetchSubscriptionOk } from '../api/subscription';

export const SUBSCRIPTION_REDIRECT_MS = 1000;

/**
 * Spec part 2 §4 "Subscription check": on load of the connections screen; when it fails,
 * warn and after 1 s send admins to /invoices and everyone else to /helps.
 */
export function useSubscriptionCheck(): void {
  const navigate = useNavigate();
  const { t } = useTranslation('connections');
  const { isAdmin } = useSession();

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fail = () => {
      if (cancelled) return;
      notify.warning(t('subscription.attention'));
      timer = setTimeout(() => void navigate(isAdmin ? '/invoices' : '/helps'), SUBSCRIPTION_REDIRECT_MS);
    };
    fetchSubscriptionOk().then((ok) => !ok && fail(), fail);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // Once per visit of the screen, not on every session change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
