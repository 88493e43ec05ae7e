import './i18n';

/**
 * The workspace page is loaded on demand (`loadTicketsPage`), so neither the sign-in page nor the
 * shell's first paint carries it; nor does the top bar's bell, which the shell loads after the first
 * paint (`loadNotificationsPopover`, issue 28).
 */
export const loadTicketsPage = () => import('./components/tickets-page');
/** The bell's code, for a shell that loads it after the first paint (issue 28). */
export const loadNotificationsPopover = async () =>
  (await import('./components/notifications/notifications-popover')).NotificationsPopover;
