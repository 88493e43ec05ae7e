import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/toaster';
import { clearSessionLocally } from '../api/logout';
import { judgeCompany } from '@atende/shared';
import { useSession } from '@/hooks/use-session';
import { AUTH_NS } from '../i18n';

/** Paths where an admin with an overdue subscription is sent to /invoices (spec part 1 §4). */
const BLOCKED_WHEN_OVERDUE = ['/tickets', '/connections', '/campaigns'];

/**
 * The company guard: on every route change (except /invoices…) and whenever the company
 * changes live, an overdue subscription or a deactivated company is acted on.
 */
export function useCompanyGuard(): void {
  const { t } = useTranslation(AUTH_NS);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user, company, isAdmin, isSuper } = useSession();
  const userId = user?.id;

  useEffect(() => {
    if (!userId || !company || isSuper || pathname.startsWith('/invoices')) return;
    const verdict = judgeCompany(company);
    if (verdict.kind === 'inactive') {
      notify.error(t('guard.companyInactive', { company: company.name }));
      clearSessionLocally();
    } else if (verdict.kind === 'expired') {
      if (isAdmin) {
        notify.error(t('guard.subscriptionExpired', { date: formatDate(verdict.dueDate) }));
        if (BLOCKED_WHEN_OVERDUE.some((prefix) => pathname.startsWith(prefix))) navigate('/invoices', { replace: true });
      } else {
        notify.error(t('guard.userNeedsAdmin', { company: company.name }));
        clearSessionLocally();
      }
    }
    // Re-judge on navigation and when the company record changes (live update).
  }, [pathname, company, userId, isAdmin, isSuper, navigate, t]);
}
