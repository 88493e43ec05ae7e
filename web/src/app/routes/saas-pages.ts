import { loadConfig } from '@/lib/config';
import { NotFoundPage } from './not-found-page';

/** The SaaS platform's pages (issue 10), each its own chunk, loaded by the router (see router.tsx). */
export const signupPage = async () => ({ Component: (await import('@/features/signup/components/signup-page')).SignupPage });
/** Local mode only: the e-mails the platform "sent" (the sign-up's confirmation link); "not found" elsewhere. */
export const outboxPage = async () =>
  (await loadConfig()).localMode
    ? { Component: (await import('@/features/signup/components/outbox-page')).OutboxPage }
    : { Component: NotFoundPage };
export const subscriptionPage = async () => ({
  Component: (await import('@/features/subscription/components/subscription-page')).SubscriptionPage,
});
export const helpsPage = async () => ({ Component: (await import('@/features/helps/components/helps-page')).HelpsPage });
export const settingsPage = async () => ({
  Component: (await import('@/features/settings/components/settings-page')).SettingsPage,
});
export const announcementsPage = async () => ({
  Component: (await import('@/features/announcements/components/announcements-page')).AnnouncementsPage,
});
export const invoicesPage = async () => ({
  Component: (await import('@/features/invoices/components/invoices-page')).InvoicesPage,
});
