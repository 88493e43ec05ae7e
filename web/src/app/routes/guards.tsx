import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/features/auth';
import { sessionStore } from '@/lib/session-store';
import { FullPageLoader } from './full-page-loader';

/** Spec part 1 §2: a visitor on a private route goes to /login, remembering where they were heading. */
export function PrivateRoute() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'unknown') return <FullPageLoader />;
  if (status !== 'authenticated') return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/** …and a signed-in user on a public route goes to / (or where sign-in decided, or where they were heading). */
export function PublicRoute() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'unknown') return <FullPageLoader />;
  if (status === 'authenticated') {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={sessionStore.get().landing ?? from ?? '/'} replace />;
  }
  return <Outlet />;
}

/** Admin-only screens: others are sent to their workspace. */
export function AdminRoute() {
  const { isAdmin } = useSession();
  return isAdmin ? <Outlet /> : <Navigate to="/tickets" replace />;
}
