import './i18n';

/**
 * The workspace page is loaded on demand (`loadTicketsPage`), so neither the sign-in page nor the
 * shell's first paint carries it; the top bar's bell is light and imported statically.
 */
export { NotificationsPopover } from './components/notifications/notifications-popover';
export const loadTicketsPage = () => import('./components/tickets-page');
