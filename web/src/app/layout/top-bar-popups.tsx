import { IconButton } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuBell, LuMegaphone, LuMessagesSquare } from 'react-icons/lu';
import { loadNotificationsPopover } from '@/features/tickets';
import { AccountButton } from './account-button';
import { deferred, type StandInProps } from './deferred';

/**
 * The stand-in of a top-bar popover until its code arrives: the same button, drawn but inert
 * (hidden from assistive technology and the tab order; the real one, with its label, replaces it
 * within a moment). Pointing at it fetches the popover at once;
 * pressing it also opens the popover when it arrives.
 */
function iconStandIn(icon: ReactNode) {
  return function PopoverStandIn({ onReach }: StandInProps) {
    return (
      <IconButton
        variant="ghost"
        colorPalette="gray"
        size="sm"
        aria-hidden
        tabIndex={-1}
        onPointerEnter={() => onReach()}
        onPointerDown={() => onReach(true)}
        data-stand-in=""
      >
        {icon}
      </IconButton>
    );
  };
}

/**
 * The top bar's popovers (announcements, the bell, internal chats), fetched after the first paint.
 * No module of the first load imports the announcements' or the chats' index (app-layout takes the
 * chats' unread dot from its hook's module), so each index is a chunk of its own.
 */
export const AnnouncementsPopover = deferred(
  async () => (await import('@/features/announcements')).AnnouncementsPopover,
  iconStandIn(<LuMegaphone />),
);
export const NotificationsPopover = deferred(loadNotificationsPopover, iconStandIn(<LuBell />));
export const ChatsPopover = deferred(
  async () => (await import('@/features/chats')).ChatsPopover,
  iconStandIn(<LuMessagesSquare />),
);

/** The account menu, fetched after the first paint; until then its button is drawn (and pointing at it fetches it). */
export const AccountMenu = deferred(
  async () => (await import('./account-menu')).AccountMenu,
  function AccountStandIn({ onReach }: StandInProps) {
    return (
      <AccountButton
        onPointerEnter={() => onReach()}
        onPointerDown={() => onReach(true)}
        onFocus={() => onReach()}
        data-stand-in=""
      />
    );
  },
);
