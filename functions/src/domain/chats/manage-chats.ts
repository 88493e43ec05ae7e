/**
 * Internal chats (spec part 3 §2 "Internal chat", §6, §7): the caller's chats newest first, creation
 * by admins or by anyone when allowsUserToUseInternalChat is on (policy/chats.ts), edit and delete by
 * the owner. A chat exists only for its members: anyone else gets 404 on every route.
 */
import { ulid } from '@atende/shared/ids';
import {
  CHAT_PAGE_SIZE,
  mayCreateChat,
  mayManageChat,
  maySeeChat,
  policySettings,
  type ChatDto,
  type ChatInput,
  type ChatListDto,
  type ListChatsQuery,
} from '@atende/shared';
import {
  CHAT_WRITE,
  deleteChat,
  getChat,
  insertChat,
  queryMemberChats,
  replaceChat,
  type ChatMemberRecord,
  type ChatRecord,
} from '../../data/chats';
import { decodeCursor, encodeCursor } from '../../data/paging';
import { TransactionConditionFailed } from '../../data/transactions';
import { getUsers } from '../../data/users';
import { AppError } from '../../platform/app-error';
import { showCompanySetting } from '../companies/company-settings';
import type { AccessClaims } from '../../platform/jwt';
import { viewerFromClaims } from '../../platform/viewer';
import { toChatDto } from './chat-dto';
import { publishChatDeleted, publishChatSaved } from './chat-events';
import { chatPurgeWrite } from './purge-chat-messages';

/** Conditional writes lost to another change of the same chat before giving up with 409. */
export const CHAT_WRITE_ATTEMPTS = 5;
const INTERNAL_CHAT_SETTING = 'allowsUserToUseInternalChat';
export const chatNotFound = () => new AppError('ERR_NO_REGISTER_FOUND', 404);
const noPermission = () => new AppError('ERR_NO_PERMISSION', 403);

const facts = (chat: ChatRecord) => ({ ownerId: chat.ownerId, memberIds: chat.members.map((m) => m.userId) });

/** AP-CH2: a chat the caller is a member of (404 otherwise, other companies' included: the key holds the company). */
export async function memberChat(auth: AccessClaims, chatId: string): Promise<ChatRecord> {
  const chat = await getChat(auth.companyId, chatId);
  if (!chat || !maySeeChat({ userId: auth.userId }, facts(chat))) throw chatNotFound();
  return chat;
}

async function ownedChat(auth: AccessClaims, chatId: string): Promise<ChatRecord> {
  const chat = await memberChat(auth, chatId);
  if (!mayManageChat({ userId: auth.userId }, facts(chat))) throw noPermission();
  return chat;
}

/**
 * The members a form names, plus the caller (always a member): each must be a user of the caller's
 * company (AP-U7 by id within the company; a user of another company is simply not found). Names
 * are the users' own, not the form's. A former member whose user was deleted since is dropped.
 */
async function resolveMembers(auth: AccessClaims, input: ChatInput, former?: ChatRecord): Promise<ChatMemberRecord[]> {
  const keep = former ? [former.ownerId] : [];
  const ids = [...new Set([auth.userId, ...keep, ...input.users.map((u) => u.id)])];
  const users = new Map((await getUsers(auth.companyId, ids)).map((u) => [u.id, u]));
  const wasMember = (id: string) => former?.members.some((m) => m.userId === id) ?? false;
  if (ids.some((id) => !users.has(id) && !wasMember(id))) throw new AppError('ERR_NO_USER_FOUND', 404);
  return ids.flatMap((id) => {
    const user = users.get(id);
    return user ? [{ userId: id, name: user.name }] : [];
  });
}

/** GET /chats: a page of the caller's chats, newest activity first (AP-CH1, then AP-CH2 in one batch). */
export async function listChats(auth: AccessClaims, query: ListChatsQuery): Promise<ChatListDto> {
  const page = await queryMemberChats(auth.companyId, auth.userId, {
    limit: CHAT_PAGE_SIZE,
    after: decodeCursor(query.cursor),
  });
  const cursor = encodeCursor(page.next);
  return { records: page.records.map(toChatDto), hasMore: !!cursor, ...(cursor ? { cursor } : {}) };
}

export async function showChat(auth: AccessClaims, chatId: string): Promise<ChatDto> {
  return toChatDto(await memberChat(auth, chatId));
}

/** POST /chats: the creator is a member and the owner. */
export async function createChat(auth: AccessClaims, input: ChatInput): Promise<ChatDto> {
  // read by key, with the company default the console's GET /settings/{key} answers too (AP-S2)
  const setting = await showCompanySetting(auth.companyId, INTERNAL_CHAT_SETTING);
  const settings = policySettings([{ key: INTERNAL_CHAT_SETTING, value: setting.value }]);
  if (!mayCreateChat(viewerFromClaims(auth), settings)) throw noPermission();
  const members = await resolveMembers(auth, input);
  const now = new Date().toISOString();
  const chat: ChatRecord = {
    id: ulid(),
    companyId: auth.companyId,
    title: input.title,
    ownerId: auth.userId,
    members,
    unreads: Object.fromEntries(members.map((m) => [m.userId, 0])),
    lastMessage: '',
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  await insertChat(chat);
  const dto = toChatDto(chat);
  await publishChatSaved(auth.companyId, 'create', dto);
  return dto;
}

/** PUT /chats/{id}: title and members (the owner stays a member). */
export async function updateChat(auth: AccessClaims, chatId: string, input: ChatInput): Promise<ChatDto> {
  for (let attempt = 0; attempt < CHAT_WRITE_ATTEMPTS; attempt++) {
    const before = await ownedChat(auth, chatId);
    const members = await resolveMembers(auth, input, before);
    const memberIds = new Set(members.map((m) => m.userId));
    const after: ChatRecord = {
      ...before,
      title: input.title,
      members,
      unreads: Object.fromEntries(members.map((m) => [m.userId, before.unreads[m.userId] ?? 0])),
      version: before.version + 1,
    };
    try {
      await replaceChat(before, after);
    } catch (err) {
      if (err instanceof TransactionConditionFailed && err.has(CHAT_WRITE.chat)) continue;
      throw err;
    }
    const dto = toChatDto(after);
    const removed = before.members.map((m) => m.userId).filter((id) => !memberIds.has(id));
    await publishChatSaved(auth.companyId, 'update', dto, removed);
    return dto;
  }
  throw new AppError('ERR_CONFLICT', 409);
}

/** DELETE /chats/{id}: the chat, its memberships and its unreads at once; its messages by a due job. */
export async function removeChat(auth: AccessClaims, chatId: string): Promise<void> {
  for (let attempt = 0; attempt < CHAT_WRITE_ATTEMPTS; attempt++) {
    const chat = await ownedChat(auth, chatId);
    try {
      await deleteChat(chat, [chatPurgeWrite(auth.companyId, chat.id)]);
    } catch (err) {
      if (err instanceof TransactionConditionFailed && err.has(CHAT_WRITE.chat)) continue;
      throw err;
    }
    await publishChatDeleted(auth.companyId, toChatDto(chat));
    return;
  }
  throw new AppError('ERR_CONFLICT', 409);
}
