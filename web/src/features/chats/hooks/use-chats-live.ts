import { useQueryClient } from '@tanstack/react-query';
import type { ChatRealtimeData } from '@atende/shared';
import { useRealtime } from '@/lib/realtime';
import { addChatMessage, chatKeys, forgetChat, replaceChat, upsertChat } from '../api/chats-api';

/**
 * `company-<cid>-chat` (spec part 3 §4 "Chat live updates"; the server sends it to the chat's members
 * only): create puts the chat on top of the list, update replaces it where it is (a member just
 * added gets it on top), delete removes it, new-message adds the message to the chat's cached
 * messages and moves the chat up; the unread total follows. `onEvent` lets the open chat react (select,
 * leave, scroll down, mark read).
 */
export function useChatsLive(onEvent?: (data: ChatRealtimeData) => void): void {
  const client = useQueryClient();
  useRealtime('chat', (data) => {
    if (data.action === 'delete') forgetChat(client, data.chatId);
    else if (data.action === 'update') replaceChat(client, data.chat, { addIfMissing: true });
    else upsertChat(client, data.chat);
    if (data.action === 'new-message') addChatMessage(client, data.message);
    if (data.action !== 'create') void client.invalidateQueries({ queryKey: chatKeys.unread() });
    onEvent?.(data);
  });
}
