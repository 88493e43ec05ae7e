import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { campaignsEnabled } from '@atende/shared';
import { useSession } from '@/hooks/use-session';
import { campaignsFlagSet } from '@/lib/local-flags';
import { sessionStore } from '@/lib/session-store';
import { FullPageLoader } from './full-page-loader';
import { NotFoundPage } from './not-found-page';

/** Spec part 1 §2: a visitor on a private route goes to /login, remembering where they were heading. */
export function PrivateRoute() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'unknown') return <FullPageLoader />;
  if (status !== 'authenticated')
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/**
 * …and a signed-in user on a public route goes to / (or where sign-in decided, or where they were
 * heading). While the boot's session refresh is on its way the page itself shows, not a loader: most
 * visitors of /login have no session, and the form should not wait two round trips for that answer
 * (decisions.md "First load and phone polish"); a session that turns up still redirects.
 */
export function PublicRoute() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'authenticated') {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={sessionStore.get().landing ?? from ?? '/'} replace />;
  }
  return <Outlet />;
}

const ADMIN_ONLY_TOAST = 'admin-only-route';

/** Admin-only screens: others are sent to their workspace, and told why (issue 8 item 15). */
export function AdminRoute() {
  const { isAdmin } = useSession();
  if (isAdmin) return <Outlet />;
  return <SentAway />;
}

function SentAway() {
  const { t } = useTranslation();
  useEffect(() => {
    // The toaster is not on the sign-in page's first load (this module is; issue 28): fetched here.
    void import('@/lib/toaster').then(({ toaster }) => {
      // One toast however often the redirect renders (StrictMode mounts effects twice).
      if (!toaster.isVisible(ADMIN_ONLY_TOAST))
        toaster.create({ id: ADMIN_ONLY_TOAST, type: 'warning', title: t('common.adminOnly') });
    });
  }, [t]);
  return <Navigate to="/tickets" replace />;
}

/**
 * The campaign screens (spec part 3 §6: "only when the company setting campaignsEnabled is on and
 * the local flag exists"): "not found", as if the routes did not exist, unless the browser holds the
 * `cshow` flag (read at render: sign-in sets it for a company with campaigns) and the company has
 * campaigns switched on.
 */
export function CampaignsRoute() {
  const { policy } = useSession();
  return campaignsEnabled(policy) && campaignsFlagSet() ? <Outlet /> : <NotFoundPage />;
}
