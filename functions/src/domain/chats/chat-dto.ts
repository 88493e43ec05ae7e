/** Chat records as the API and the realtime channel show them (spec part 3 §3 "Chat", "Chat message"). */
import type { ChatDto, ChatMessageDto } from '@atende/shared';
import type { ChatMessageRecord, ChatRecord } from '../../data/chats';

export const toChatDto = (chat: ChatRecord): ChatDto => ({
  id: chat.id,
  uuid: chat.id,
  title: chat.title,
  ownerId: chat.ownerId,
  lastMessage: chat.lastMessage,
  updatedAt: chat.updatedAt,
  createdAt: chat.createdAt,
  users: chat.members.map((m) => ({
    userId: m.userId,
    unreads: Math.max(0, chat.unreads[m.userId] ?? 0),
    user: { id: m.userId, name: m.name },
  })),
});

export const toChatMessageDto = (m: ChatMessageRecord): ChatMessageDto => ({
  id: m.id,
  chatId: m.chatId,
  senderId: m.senderId,
  sender: { id: m.senderId, name: m.senderName },
  message: m.message,
  createdAt: m.createdAt,
});
