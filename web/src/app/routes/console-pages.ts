import { loadConfig } from '@/lib/config';
import { NotFoundPage } from './not-found-page';

/**
 * The signed-in console's pages reached through this one module (as routes/saas-pages.ts does for the
 * SaaS ones): each dynamic import in router.tsx carries the list of its chunk's dependencies in the
 * entry chunk, on the sign-in page's first load (~110 B gzip each).
 */
export const usersPage = async () => ({ Component: (await import('@/features/users')).UsersPage });
export const schedulesPage = async () => ({ Component: (await import('@/features/schedules')).SchedulesPage });
export const connectionsPage = async () => ({ Component: (await import('@/features/connections')).default });
/** The WhatsApp simulator: local mode only, "not found" elsewhere (an admin's tool: router.tsx guards it). */
export const simulatorPage = async () =>
  (await loadConfig()).localMode
    ? { Component: (await import('@/features/simulator')).default }
    : { Component: NotFoundPage };
export const tagsPage = async () => ({ Component: (await import('@/features/tags')).TagsPage });
export const contactsPage = async () => ({ Component: (await import('@/features/contacts')).ContactsPage });
export const quickMessagesPage = async () => ({
  Component: (await import('@/features/quick-messages')).QuickMessagesPage,
});
export const queuesPage = async () => ({ Component: (await import('@/features/queues')).QueuesPage });
export const integrationsPage = async () => ({
  Component: (await import('@/features/integrations')).IntegrationsPage,
});
export const chatsPage = async () => ({
  Component: (await import('@/features/chats/components/chats-page')).ChatsPage,
});
export const apiDocsPage = async () => ({ Component: (await import('@/features/api-docs')).ApiDocsPage });
/** The contact lists (router.tsx adds them with the campaign screens: `cshow` flag, CampaignsRoute). */
export const contactListsPage = async () => ({
  Component: (await import('@/features/contact-lists')).ContactListsPage,
});
export const contactListItemsPage = async () => ({
  Component: (await import('@/features/contact-lists')).ContactListItemsPage,
});
/** The campaign screens (router.tsx adds them with the `cshow` flag, behind CampaignsRoute). */
export const campaignsPage = async () => ({ Component: (await import('@/features/campaigns')).CampaignsPage });
export const campaignReportPage = async () => ({
  Component: (await import('@/features/campaigns')).CampaignReportPage,
});
export const campaignsConfigPage = async () => ({
  Component: (await import('@/features/campaigns')).CampaignsConfigPage,
});
/** The admin dashboard (`/`): router.tsx decides between it and /tickets. */
export const dashboardFeature = () => import('@/features/dashboard');
