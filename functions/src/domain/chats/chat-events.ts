/**
 * `company-<cid>-chat` (spec part 3 §4 "Chat live updates"): every event goes to the chat's members
 * only (audience `users`), never to the whole company; members an edit removed get a `delete`.
 */
import type { ChatDto, ChatMessageDto, ChatRealtimeData } from '@atende/shared';
import { publish } from '../../platform/realtime-publisher';

const memberIds = (chat: Pick<ChatDto, 'users'>) => chat.users.map((u) => u.userId);
const send = (companyId: string, data: ChatRealtimeData, userIds: string[]) =>
  userIds.length ? publish(companyId, 'chat', data, { kind: 'users', userIds }) : Promise.resolve();

export async function publishChatSaved(
  companyId: string,
  action: 'create' | 'update',
  chat: ChatDto,
  removedUserIds: string[] = [],
): Promise<void> {
  await send(companyId, { action: 'delete', chatId: chat.id }, removedUserIds);
  await send(companyId, { action, chat }, memberIds(chat));
}

/** The reader's own consoles (other tabs, the phone) drop the chat's count and the menu's dot. */
export const publishChatRead = (companyId: string, chat: ChatDto, readerId: string) =>
  send(companyId, { action: 'update', chat }, [readerId]);

export const publishChatDeleted = (companyId: string, chat: ChatDto) =>
  send(companyId, { action: 'delete', chatId: chat.id }, memberIds(chat));

export const publishChatMessage = (companyId: string, chat: ChatDto, message: ChatMessageDto) =>
  send(companyId, { action: 'new-message', chat, message }, memberIds(chat));
