/**
 * A chat's messages and unread counts (spec part 3 §2 "Internal chat", §7): pages newest first,
 * sending (every other member's unreads +1), read marking of the CALLER (the token's user, never a
 * body's `userId`) and the caller's unread total for the menu's dot.
 */
import { ulid } from '@atende/shared/ids';
import {
  CHAT_MESSAGE_PAGE_SIZE,
  type ChatDto,
  type ChatMessageDto,
  type ChatMessagesDto,
  type ChatUnreadDto,
  type ListChatMessagesQuery,
} from '@atende/shared';
import {
  CHAT_WRITE,
  clearChatUnreads,
  getChat,
  getChatUnreadTotal,
  insertChatMessage,
  queryChatMessages,
  type ChatMessageRecord,
  type ChatRecord,
} from '../../data/chats';
import { decodeCursor, encodeCursor } from '../../data/paging';
import type { Item } from '../../data/table-operations';
import { TransactionConditionFailed } from '../../data/transactions';
import { AppError } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import { toChatDto, toChatMessageDto } from './chat-dto';
import { publishChatMessage, publishChatRead } from './chat-events';
import { CHAT_WRITE_ATTEMPTS, memberChat } from './manage-chats';

/**
 * GET /chats/{id}/messages: one page, newest first (AP-CH3). The console pages with the answer's
 * `cursor`; a `pageNumber` alone (the spec's call) walks that many pages, at most MAX_CHAT_PAGE_NUMBER.
 */
export async function listChatMessages(
  auth: AccessClaims,
  chatId: string,
  query: ListChatMessagesQuery,
): Promise<ChatMessagesDto> {
  await memberChat(auth, chatId);
  let after: Item | undefined = decodeCursor(query.cursor);
  let pagesToSkip = query.cursor ? 0 : query.pageNumber - 1;
  for (;;) {
    const page = await queryChatMessages(auth.companyId, chatId, { limit: CHAT_MESSAGE_PAGE_SIZE, after });
    if (pagesToSkip > 0 && page.next) {
      pagesToSkip--;
      after = page.next;
      continue;
    }
    if (pagesToSkip > 0) return { records: [], hasMore: false };
    const cursor = encodeCursor(page.next);
    return { records: page.records.map(toChatMessageDto), hasMore: !!cursor, ...(cursor ? { cursor } : {}) };
  }
}

/** POST /chats/{id}/messages: stored, every member's chat moved, the members told. */
export async function sendChatMessage(auth: AccessClaims, chatId: string, text: string): Promise<ChatMessageDto> {
  for (let attempt = 0; attempt < CHAT_WRITE_ATTEMPTS; attempt++) {
    const chat = await memberChat(auth, chatId);
    const record: ChatMessageRecord = {
      id: ulid(),
      chatId,
      companyId: auth.companyId,
      senderId: auth.userId,
      senderName: chat.members.find((m) => m.userId === auth.userId)?.name ?? '',
      message: text,
      createdAt: new Date().toISOString(),
    };
    try {
      await insertChatMessage(chat, record);
    } catch (err) {
      // the members changed (or the chat went) between the read and the write: read again
      if (err instanceof TransactionConditionFailed && (err.has(CHAT_WRITE.member) || err.has(CHAT_WRITE.chat))) continue;
      throw err;
    }
    const message = toChatMessageDto(record);
    await publishChatMessage(auth.companyId, await chatAfterMessage(chat, record), message);
    return message;
  }
  throw new AppError('ERR_CONFLICT', 409);
}

/** The chat as stored after the message (every member's current unreads), for the members' event. */
async function chatAfterMessage(before: ChatRecord, message: ChatMessageRecord): Promise<ChatDto> {
  const now = await getChat(before.companyId, before.id); // AP-CH2
  if (now) return toChatDto(now);
  const unreads = Object.fromEntries(
    before.members.map((m) => [m.userId, (before.unreads[m.userId] ?? 0) + (m.userId === message.senderId ? 0 : 1)]),
  );
  return toChatDto({ ...before, unreads, lastMessage: message.message, updatedAt: message.createdAt });
}

/** POST /chats/{id}/read: the caller has read the chat (their unreads to 0, off their total). */
export async function markChatRead(auth: AccessClaims, chatId: string): Promise<ChatDto> {
  for (let attempt = 0; attempt < CHAT_WRITE_ATTEMPTS; attempt++) {
    const chat = await memberChat(auth, chatId);
    const count = chat.unreads[auth.userId] ?? 0;
    if (count <= 0) return toChatDto(chat);
    try {
      await clearChatUnreads(chat, auth.userId, count);
    } catch (err) {
      if (err instanceof TransactionConditionFailed && err.has(CHAT_WRITE.chat)) continue;
      throw err;
    }
    const dto = toChatDto({ ...chat, unreads: { ...chat.unreads, [auth.userId]: 0 }, version: chat.version + 1 });
    await publishChatRead(auth.companyId, dto, auth.userId);
    return dto;
  }
  throw new AppError('ERR_CONFLICT', 409);
}

/** GET /chats/unread: the caller's unread messages over all their chats (AP-CH4). */
export async function chatUnreadTotal(auth: AccessClaims): Promise<ChatUnreadDto> {
  return { total: await getChatUnreadTotal(auth.companyId, auth.userId) };
}
