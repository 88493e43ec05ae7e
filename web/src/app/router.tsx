import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';
import { LoginPage, SignupPage, useSession } from '@/features/auth';
import { DashboardPage } from '@/features/dashboard';
import { loadTicketsPage } from '@/features/tickets';
import { UsersPage } from '@/features/users';
import type { RuntimeConfig } from '@/lib/config';
import { AppLayout } from './layout/app-layout';
import { ThemedRoot } from './themed-root';
import { AdminRoute, PrivateRoute, PublicRoute } from './routes/guards';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorBoundary } from './routes/route-error-boundary';

/** `/` is the admin dashboard; everyone else works from the tickets screen. */
function HomeRoute() {
  const { isAdmin } = useSession();
  return isAdmin ? <DashboardPage /> : <Navigate to="/tickets" replace />;
}

function Soon({ menuKey }: { menuKey: string }) {
  const { t } = useTranslation();
  return <ComingSoon title={t(`menu.${menuKey}`)} />;
}

const soon = (path: string, menuKey: string): RouteObject => ({ path, element: <Soon menuKey={menuKey} /> });

/** Screens other changes own, loaded on demand; a missing or broken chunk lands in the route error boundary. */
const connectionsRoute: RouteObject = {
  path: 'connections',
  lazy: async () => ({ Component: (await import('@/features/connections')).default }),
};
/** The ticket workspace is the heaviest screen: its own chunk, never loaded by the sign-in page. */
const ticketsRoute: RouteObject = {
  path: 'tickets/:ticketId?',
  lazy: async () => ({ Component: (await loadTicketsPage()).TicketsPage }),
};
const simulatorRoute: RouteObject = {
  path: 'simulator',
  lazy: async () => ({ Component: (await import('@/features/simulator')).default }),
};

export function appRoutes(config: Pick<RuntimeConfig, 'localMode'>): RouteObject[] {
  return [
    {
      element: <ThemedRoot />,
      errorElement: <RouteErrorBoundary />,
      children: [
        {
          element: <PublicRoute />,
          children: [
            { path: '/login', element: <LoginPage /> },
            { path: '/signup', element: <SignupPage /> },
          ],
        },
        {
          element: <PrivateRoute />,
          children: [
            {
              element: <AppLayout />,
              children: [
                {
                  // Pathless: a failing page renders its error inside the shell, not instead of it.
                  errorElement: <RouteErrorBoundary />,
                  children: [
                    { index: true, element: <HomeRoute /> },
                    ticketsRoute,
                    connectionsRoute,
                    ...(config.localMode ? [simulatorRoute] : []),
                    soon('quick-messages', 'quickMessages'),
                    soon('contacts', 'contacts'),
                    soon('schedules', 'schedules'),
                    soon('tags', 'tags'),
                    soon('chats/:uuid?', 'chats'),
                    soon('helps', 'helps'),
                    soon('contact-lists', 'contactLists'),
                    soon('contact-lists/:contactListId/contacts', 'contactLists'),
                    soon('campaigns', 'campaigns'),
                    soon('campaign/:campaignId/report', 'campaigns'),
                    soon('campaigns-config', 'campaignsConfig'),
                    {
                      element: <AdminRoute />,
                      children: [
                        { path: 'users', element: <UsersPage /> },
                        soon('queues', 'queues'),
                        soon('settings', 'settings'),
                        soon('invoices', 'invoices'),
                        soon('subscription', 'invoices'),
                        soon('integrations', 'integrations'),
                        soon('apidocs', 'apidocs'),
                        soon('announcements', 'announcements'),
                      ],
                    },
                    { path: '*', element: <NotFoundPage /> },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export const createAppRouter = (config: RuntimeConfig) => createBrowserRouter(appRoutes(config));
