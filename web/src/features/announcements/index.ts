/** What the shell composes: the top bar's announcements popover. The page is loaded by the router by its module. */
export { AnnouncementsPopover } from './components/announcements-popover';
