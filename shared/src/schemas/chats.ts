/**
 * Internal chat (spec part 3 §2 "Internal chat", §3 "Chat", "Chat message", §7 "Internal chat"): chats
 * between users of one company, with a title, members, messages paged newest first and unread counts
 * per member. The company and the caller come from the token; a `userId` in a body is ignored.
 */
import * as z from '../zod';
import { cursorSchema, idSchema, MSG, pageNumberSchema } from './common';

export const MAX_CHAT_TITLE = 100;
export const MAX_CHAT_MESSAGE = 4096;
/**
 * Members of one chat, the creator included: a message touches every member's items in one
 * transaction (decisions.md "Internal chat"), which DynamoDB caps at 100 items.
 */
export const MAX_CHAT_MEMBERS = 32;
/** Chats per page of GET /chats; messages per page of GET /chats/{id}/messages. */
export const CHAT_PAGE_SIZE = 20;
export const CHAT_MESSAGE_PAGE_SIZE = 20;
/** GET /chats/{id}/messages?pageNumber=n without a cursor walks n pages: bounded. */
export const MAX_CHAT_PAGE_NUMBER = 50;

/** A member as the dialog's user picker sends it; the name is informative (the server reads the user's own). */
export const chatMemberInputSchema = z.object({
  id: idSchema,
  name: z.optional(z.string().check(z.maxLength(200))),
});

/** POST /chats and PUT /chats/{id} (spec: `{users, title}`; the form shows no validation, part 3 §5). */
export const chatInputSchema = z.object({
  title: z
    .string({ error: MSG.required })
    .check(z.trim(), z.minLength(1, MSG.required), z.maxLength(MAX_CHAT_TITLE, MSG.tooLong)),
  users: z._default(z.array(chatMemberInputSchema).check(z.maxLength(MAX_CHAT_MEMBERS, MSG.tooLong)), []),
});
export type ChatInput = z.infer<typeof chatInputSchema>;

/** GET /chats: newest activity first, by cursor (`pageNumber` is accepted; the cursor pages). */
export const listChatsQuerySchema = z.object({
  pageNumber: z.optional(pageNumberSchema),
  cursor: cursorSchema,
});
export type ListChatsQuery = z.infer<typeof listChatsQuerySchema>;

/** GET /chats/{id}/messages: newest first; `cursor` from the previous answer, or `pageNumber` (≤ 50). */
export const listChatMessagesQuerySchema = z.object({
  pageNumber: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_CHAT_PAGE_NUMBER)), 1),
  cursor: cursorSchema,
});
export type ListChatMessagesQuery = z.infer<typeof listChatMessagesQuerySchema>;

/** POST /chats/{id}/messages. An empty or whitespace message is not sent (part 1 §5). */
export const chatMessageInputSchema = z.object({
  message: z
    .string({ error: MSG.required })
    .check(z.trim(), z.minLength(1, MSG.required), z.maxLength(MAX_CHAT_MESSAGE, MSG.tooLong)),
});
export type ChatMessageInput = z.infer<typeof chatMessageInputSchema>;

/** POST /chats/{id}/read: the spec sends `{userId}`; the caller is read from the token, the field ignored. */
export const chatReadSchema = z.object({
  userId: z.optional(z.nullable(z.union([z.string().check(z.maxLength(64)), z.number()]))),
});

export const chatIdParamsSchema = z.object({ id: idSchema });

/** One member of a chat (spec §3: a user with id and name, plus userId and unreads). */
export interface ChatUserDto {
  userId: string;
  unreads: number;
  user: { id: string; name: string };
}

export interface ChatDto {
  /** The chat's id is its uuid: /chats/{uuid} and /chats/{id} name the same chat. */
  id: string;
  uuid: string;
  title: string;
  ownerId: string;
  lastMessage: string;
  updatedAt: string;
  createdAt: string;
  users: ChatUserDto[];
}

export interface ChatMessageDto {
  id: string;
  chatId: string;
  senderId: string;
  sender: { id: string; name: string };
  message: string;
  createdAt: string;
}

export interface ChatListDto {
  records: ChatDto[];
  hasMore: boolean;
  /** Give it back as `cursor` for the next page. */
  cursor?: string;
}

export interface ChatMessagesDto {
  /** Newest first (the console shows them oldest at the top). */
  records: ChatMessageDto[];
  hasMore: boolean;
  cursor?: string;
}

/** GET /chats/unread: the menu's dot and the top-bar popover's count. */
export interface ChatUnreadDto {
  total: number;
}

/** The caller's unread count in a chat. */
export const unreadsOf = (chat: Pick<ChatDto, 'users'>, userId: string): number =>
  chat.users.find((u) => u.userId === userId)?.unreads ?? 0;
