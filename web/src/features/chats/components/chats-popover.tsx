import { Badge } from '@chakra-ui/react';
import { unreadsOf } from '@atende/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMessagesSquare } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { TopBarMenu, type TopBarMenuEntry } from '@/components/top-bar-menu';
import { useSession } from '@/hooks/use-session';
import { useChats, useChatUnread } from '../api/chats-api';
import { useChatsLive } from '../hooks/use-chats-live';
import { CHATS_NS } from '../i18n';

/** How many of the latest chats the popover lists. */
const POPOVER_CHATS = 8;

/**
 * The top bar's internal chat popover (spec part 1 §2): the latest chats with their unread counts,
 * the badge counts the user's unread messages; choosing one opens it. It keeps the chat caches live
 * on every page (the menu's dot follows).
 */
export function ChatsPopover() {
  const { t } = useTranslation(CHATS_NS);
  const navigate = useNavigate();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const unread = useChatUnread().data?.total ?? 0;
  const list = useChats(open);
  useChatsLive();
  const entries = (list.data?.pages[0]?.records ?? []).slice(0, POPOVER_CHATS).map((chat): TopBarMenuEntry => {
    const count = user ? unreadsOf(chat, user.id) : 0;
    return {
      id: chat.id,
      title: chat.title,
      text: chat.lastMessage,
      unread: count > 0,
      onSelect: () => void navigate(`/chats/${chat.id}`),
      trailing:
        count > 0 ? (
          <Badge colorPalette="green" variant="solid" borderRadius="full">
            {count}
          </Badge>
        ) : null,
    };
  });

  return (
    <TopBarMenu
      label={t('popover')}
      icon={<LuMessagesSquare />}
      badge={unread}
      testId="chats"
      entryTestId="chats-popover-item"
      entries={entries}
      loading={list.isPending}
      emptyText={t('popoverEmpty')}
      seeAll={{ label: t('openAll'), onSelect: () => void navigate('/chats') }}
      onOpenChange={setOpen}
    />
  );
}
