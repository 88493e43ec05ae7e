import { useChatUnread } from '../api/chats-api';

/** The menu's chat item shows a dot while the user has unread internal messages (spec part 1 §2). */
export function useChatUnreadDot(): boolean {
  return (useChatUnread().data?.total ?? 0) > 0;
}
