import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { useSession } from '@/hooks/use-session';
import { ThemedRoot } from './themed-root';
import { AdminRoute, CampaignsRoute, PrivateRoute, PublicRoute } from './routes/guards';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorBoundary } from './routes/route-error-boundary';
import { withConsoleRecipes } from './theme';

/**
 * Every screen is its own chunk, loaded when its route is entered (decisions.md "Web console: first
 * load"): the sign-in page downloads the shell and the auth feature only. A missing or broken chunk
 * lands in the route error boundary.
 */
const page = (load: () => Promise<{ Component: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: withConsoleRecipes(load),
});

// Each page by its own module, so a page's chunk holds that page only (not its feature's other exports).
// The sign-in page alone renders with the recipes of the first load (theme.ts).
const loginPage: Pick<RouteObject, 'lazy'> = {
  lazy: async () => ({ Component: (await import('@/features/auth/components/login-page')).LoginPage }),
};
/**
 * The SaaS screens are reached through one small module (routes/saas-pages.ts): each dynamic import
 * carries the list of its chunk's dependencies, and seven such lists in this entry chunk cost the
 * sign-in page 1.5 KB of its first-load budget.
 */
const saas = () => import('./routes/saas-pages');
const signupPage = page(async () => (await saas()).signupPage());
const outboxPage = page(async () => (await saas()).outboxPage());
const subscriptionPage = page(async () => (await saas()).subscriptionPage());
const helpsPage = page(async () => (await saas()).helpsPage());
const settingsPage = page(async () => (await saas()).settingsPage());
const announcementsPage = page(async () => (await saas()).announcementsPage());
const invoicesPage = page(async () => (await saas()).invoicesPage());
/** …and so are other pages of the signed-in console (routes/console-pages.ts). */
const consolePages = () => import('./routes/console-pages');
const appLayout = page(async () => ({ Component: (await import('./layout/app-layout')).AppLayout }));
const ticketsPage = page(async () => ({
  Component: (await (await import('@/features/tickets')).loadTicketsPage()).TicketsPage,
}));
const usersPage = page(async () => (await consolePages()).usersPage());
const schedulesPage = page(async () => (await consolePages()).schedulesPage());
const queuesPage = page(async () => (await consolePages()).queuesPage());
const tagsPage = page(async () => (await consolePages()).tagsPage());
const contactsPage = page(async () => (await consolePages()).contactsPage());
const quickMessagesPage = page(async () => (await consolePages()).quickMessagesPage());
const integrationsPage = page(async () => (await consolePages()).integrationsPage());
const apiDocsPage = page(async () => (await consolePages()).apiDocsPage());
const connectionsPage = page(async () => (await consolePages()).connectionsPage());
const chatsPage = page(async () => (await consolePages()).chatsPage());
const contactListsPage = page(async () => (await consolePages()).contactListsPage());
const contactListItemsPage = page(async () => (await consolePages()).contactListItemsPage());
const campaignsPage = page(async () => (await consolePages()).campaignsPage());
const campaignReportPage = page(async () => (await consolePages()).campaignReportPage());
const campaignsConfigPage = page(async () => (await consolePages()).campaignsConfigPage());
/** Local mode only (elsewhere /simulator is an unknown address), and admins only (issue 30 item 14). */
const simulatorPage = page(async () => (await consolePages()).simulatorPage());

/** `/` is the admin dashboard; everyone else works from the tickets screen. */
const homeRoute: RouteObject = {
  index: true,
  lazy: withConsoleRecipes(async () => {
    const { DashboardPage } = await (await consolePages()).dashboardFeature();
    return {
      Component: function HomeRoute() {
        const { isAdmin } = useSession();
        return isAdmin ? <DashboardPage /> : <Navigate to="/tickets" replace />;
      },
    };
  }),
};

/** Spec part 1 §2: the campaign area opens only when the browser holds the `cshow` flag (CampaignsRoute reads it). */
const campaignRoutes = (): RouteObject[] => [
  {
    // …and the campaign screens also need the company's campaignsEnabled (spec part 3 §6).
    element: <CampaignsRoute />,
    children: [
      { path: 'contact-lists', ...contactListsPage },
      { path: 'contact-lists/:contactListId/contacts', ...contactListItemsPage },
      { path: 'campaigns', ...campaignsPage },
      { path: 'campaign/:campaignId/report', ...campaignReportPage },
      { path: 'campaigns-config', ...campaignsConfigPage },
    ],
  },
];

/**
 * The route table. It needs no runtime configuration, so the router (and the current page's chunk)
 * starts loading while /config.json is still on its way.
 */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <ThemedRoot />,
      errorElement: <RouteErrorBoundary />,
      children: [
        {
          element: <PublicRoute />,
          children: [
            { path: '/login', ...loginPage },
            { path: '/signup', ...signupPage },
          ],
        },
        // Public whether signed in or not: the outbox may hold another company's confirmation link.
        { path: '/outbox', ...outboxPage },
        {
          element: <PrivateRoute />,
          children: [
            {
              ...appLayout,
              children: [
                {
                  // Pathless: a failing page renders its error inside the shell, not instead of it.
                  errorElement: <RouteErrorBoundary />,
                  children: [
                    homeRoute,
                    { path: 'tickets/:ticketId?', ...ticketsPage },
                    { path: 'connections', ...connectionsPage },
                    { path: 'quick-messages', ...quickMessagesPage },
                    { path: 'contacts', ...contactsPage },
                    { path: 'schedules', ...schedulesPage },
                    { path: 'tags', ...tagsPage },
                    { path: 'chats/:uuid?', ...chatsPage },
                    { path: 'helps', ...helpsPage },
                    ...campaignRoutes(),
                    {
                      element: <AdminRoute />,
                      children: [
                        { path: 'users', ...usersPage },
                        { path: 'queues', ...queuesPage },
                        { path: 'settings', ...settingsPage },
                        { path: 'invoices', ...invoicesPage },
                        { path: 'subscription', ...subscriptionPage },
                        { path: 'integrations', ...integrationsPage },
                        { path: 'apidocs', ...apiDocsPage },
                        { path: 'simulator', ...simulatorPage },
                      ],
                    },
                    // Not under AdminRoute: the page itself answers everyone but super users (spec part 3).
                    { path: 'announcements', ...announcementsPage },
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

export const createAppRouter = () => createBrowserRouter(appRoutes());
