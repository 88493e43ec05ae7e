/**
 * Internal chat (spec part 3 §3 "Chat", "Chat message"; docs/data-model.md "Internal chat").
 *
 *   chat         PK = C#<cid>#CHAT#<chatId>      SK = CHAT
 *                { id, title, ownerId, members [{ userId, name }], unreads { <userId>: n }, lastMessage,
 *                  createdAt, updatedAt, version }
 *   message      PK = C#<cid>#CHAT#<chatId>      SK = MSG#<messageId (ulid: time-ordered)>
 *                { id, chatId, senderId, senderName, message, createdAt }
 *   membership   PK = C#<cid>#CHATUSER#<userId>  SK = CHAT#<chatId>
 *                GSI1PK = C#<cid>#CHATUSER#<userId>  GSI1SK = <updatedAt>#<chatId>   (the user's chats, newest first)
 *   unread total PK = C#<cid>#CHATUSER#<userId>  SK = UNREAD   { total } (the menu's dot)
 *
 * Every write that moves an unread count moves the member's total in the same transaction, so the
 * total is the sum of the member's chats' counts. A message touches 2 × members items (≤ 64 of the
 * 100 a transaction takes: MAX_CHAT_MEMBERS).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';
import { batchGet, batchWrite, queryPage, type Item } from './table-operations';
import { transactWrite, type LabelledItem } from './transactions';

export interface ChatMemberRecord {
  userId: string;
  name: string;
}

export interface ChatRecord {
  id: string;
  companyId: string;
  title: string;
  ownerId: string;
  members: ChatMemberRecord[];
  /** Unread messages per member id. */
  unreads: Record<string, number>;
  lastMessage: string;
  createdAt: string;
  updatedAt: string;
  /** Bumped by every write (messages and read marks too): edits and deletion are conditional on it. */
  version: number;
}

export interface ChatMessageRecord {
  id: string;
  chatId: string;
  companyId: string;
  senderId: string;
  senderName: string;
  message: string;
  createdAt: string;
}

/** Labels of the transaction conditions (data/transactions.ts). */
export const CHAT_WRITE = { chat: 'chat', member: 'member' } as const;

const chatPk = (companyId: string, chatId: string) => tenantPk(companyId, 'CHAT', chatId);
const chatKey = (companyId: string, chatId: string) => ({ PK: chatPk(companyId, chatId), SK: 'CHAT' });
const memberPk = (companyId: string, userId: string) => tenantPk(companyId, 'CHATUSER', userId);
const membershipKey = (companyId: string, userId: string, chatId: string) => ({
  PK: memberPk(companyId, userId),
  SK: `CHAT#${chatId}`,
});
const unreadKey = (companyId: string, userId: string) => ({ PK: memberPk(companyId, userId), SK: 'UNREAD' });
const MESSAGE_PREFIX = 'MSG#';
const activityKey = (updatedAt: string, chatId: string) => `${updatedAt}#${chatId}`;

const stripKeys = ({ PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g1s, ...rest }: Item) => rest;
const chatFromItem = (item: Item) => stripKeys(item) as unknown as ChatRecord;
const messageFromItem = (item: Item) => stripKeys(item) as unknown as ChatMessageRecord;

const putNew = (label: string, Item: Item): LabelledItem => ({
  label,
  item: { Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(PK)' } },
});
const membershipPut = (chat: ChatRecord, userId: string): LabelledItem => ({
  label: CHAT_WRITE.member,
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        ...membershipKey(chat.companyId, userId, chat.id),
        GSI1PK: memberPk(chat.companyId, userId),
        GSI1SK: activityKey(chat.updatedAt, chat.id),
        chatId: chat.id,
      },
    },
  },
});
const membershipDelete = (companyId: string, userId: string, chatId: string): LabelledItem => ({
  label: CHAT_WRITE.member,
  item: { Delete: { TableName: tableName(), Key: membershipKey(companyId, userId, chatId) } },
});
/** Moves a member's unread total by `delta` (created on first use). */
const unreadTotalMove = (companyId: string, userId: string, delta: number): LabelledItem => ({
  label: 'unread',
  item: {
    Update: {
      TableName: tableName(),
      Key: unreadKey(companyId, userId),
      UpdateExpression: 'ADD #total :d',
      ExpressionAttributeNames: { '#total': 'total' },
      ExpressionAttributeValues: { ':d': delta },
    },
  },
});
const chatItem = (chat: ChatRecord) => ({ ...chatKey(chat.companyId, chat.id), ...chat });
/** The unread totals of members leaving a chat (or of a deleted chat's members) give back its counts. */
const unreadGiveBacks = (chat: ChatRecord, userIds: readonly string[]) =>
  userIds
    .filter((userId) => (chat.unreads[userId] ?? 0) > 0)
    .map((userId) => unreadTotalMove(chat.companyId, userId, -chat.unreads[userId]!));

/** A new chat with its members' memberships (AP-CH1 writes). */
export async function insertChat(chat: ChatRecord): Promise<void> {
  await transactWrite([putNew(CHAT_WRITE.chat, chatItem(chat)), ...chat.members.map((m) => membershipPut(chat, m.userId))]);
}

/**
 * Replaces a chat read at `before.version` by `after` (title, members): memberships follow the member
 * list, a leaving member's unreads leave their total. TransactionConditionFailed(chat) when it changed meanwhile.
 */
export async function replaceChat(before: ChatRecord, after: ChatRecord): Promise<void> {
  const was = new Set(before.members.map((m) => m.userId));
  const is = new Set(after.members.map((m) => m.userId));
  const left = [...was].filter((id) => !is.has(id));
  await transactWrite([
    {
      label: CHAT_WRITE.chat,
      item: {
        Put: {
          TableName: tableName(),
          Item: chatItem(after),
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': before.version },
        },
      },
    },
    ...after.members.filter((m) => !was.has(m.userId)).map((m) => membershipPut(after, m.userId)),
    ...left.map((userId) => membershipDelete(before.companyId, userId, before.id)),
    ...unreadGiveBacks(before, left),
  ]);
}

/**
 * Deletes a chat read at `chat.version`, its memberships and its unreads, with `also` in the same
 * transaction (the purge job of its messages: they go in bounded runs, purgeChatMessages).
 */
export async function deleteChat(chat: ChatRecord, also: LabelledItem[] = []): Promise<void> {
  const memberIds = chat.members.map((m) => m.userId);
  await transactWrite([
    {
      label: CHAT_WRITE.chat,
      item: {
        Delete: {
          TableName: tableName(),
          Key: chatKey(chat.companyId, chat.id),
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': chat.version },
        },
      },
    },
    ...memberIds.map((userId) => membershipDelete(chat.companyId, userId, chat.id)),
    ...unreadGiveBacks(chat, memberIds),
    ...also,
  ]);
}

/** Deletes up to `max` messages of a deleted chat (AP-CH3 pages); true when some are left. */
export async function purgeChatMessages(companyId: string, chatId: string, max: number): Promise<boolean> {
  let after: Item | undefined;
  let deleted = 0;
  do {
    const page = await queryPage(messagesQuery(companyId, chatId, true), { limit: Math.min(100, max - deleted), after });
    if (page.items.length) await batchWrite(page.items.map((i) => ({ DeleteRequest: { Key: { PK: i.PK, SK: i.SK } } })));
    deleted += page.items.length;
    after = page.next;
  } while (after && deleted < max);
  return !!after;
}

/**
 * Stores a message and moves the chat for every member: the chat's last message and each other
 * member's unreads (+1, and their totals), every membership's place in "my chats". Conditional on the
 * memberships still existing (a member removed meanwhile fails it: the caller re-reads and retries).
 */
export async function insertChatMessage(chat: ChatRecord, message: ChatMessageRecord): Promise<void> {
  const others = chat.members.map((m) => m.userId).filter((id) => id !== message.senderId);
  const names = Object.fromEntries(others.map((id, i) => [`#m${i}`, id]));
  const increments = others.map((_, i) => `#unreads.#m${i} = if_not_exists(#unreads.#m${i}, :zero) + :one`);
  await transactWrite([
    putNew('message', { PK: chatPk(chat.companyId, chat.id), SK: `${MESSAGE_PREFIX}${message.id}`, ...message }),
    {
      label: CHAT_WRITE.chat,
      item: {
        Update: {
          TableName: tableName(),
          Key: chatKey(chat.companyId, chat.id),
          UpdateExpression: ['SET lastMessage = :text, updatedAt = :at, version = version + :one', ...increments].join(', '),
          ConditionExpression: 'attribute_exists(PK)',
          ...(others.length ? { ExpressionAttributeNames: { '#unreads': 'unreads', ...names } } : {}),
          ExpressionAttributeValues: {
            ':text': message.message,
            ':at': message.createdAt,
            ':one': 1,
            ...(others.length ? { ':zero': 0 } : {}),
          },
        },
      },
    },
    ...chat.members.map((m): LabelledItem => ({
      label: CHAT_WRITE.member,
      item: {
        Update: {
          TableName: tableName(),
          Key: membershipKey(chat.companyId, m.userId, chat.id),
          UpdateExpression: 'SET GSI1SK = :sk',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':sk': activityKey(message.createdAt, chat.id) },
        },
      },
    })),
    ...others.map((userId) => unreadTotalMove(chat.companyId, userId, 1)),
  ]);
}

/**
 * Zeroes a member's unreads in a chat read with `count` unread for them, and takes them off their
 * total. TransactionConditionFailed(chat) when the count moved meanwhile (the caller re-reads).
 */
export async function clearChatUnreads(chat: ChatRecord, userId: string, count: number): Promise<void> {
  await transactWrite([
    {
      label: CHAT_WRITE.chat,
      item: {
        Update: {
          TableName: tableName(),
          Key: chatKey(chat.companyId, chat.id),
          UpdateExpression: 'SET #unreads.#me = :zero, version = version + :one',
          ConditionExpression: '#unreads.#me = :n',
          ExpressionAttributeNames: { '#unreads': 'unreads', '#me': userId },
          ExpressionAttributeValues: { ':zero': 0, ':n': count, ':one': 1 },
        },
      },
    },
    unreadTotalMove(chat.companyId, userId, -count),
  ]);
}

/** AP-CH2: one chat (consistent: read right before writes). */
export async function getChat(companyId: string, chatId: string): Promise<ChatRecord | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: chatKey(companyId, chatId), ConsistentRead: true }),
  );
  return out.Item ? chatFromItem(out.Item) : undefined;
}

/** AP-CH4: a member's unread total. */
export async function getChatUnreadTotal(companyId: string, userId: string): Promise<number> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: unreadKey(companyId, userId) }));
  return Math.max(0, Number(out.Item?.total ?? 0));
}

const messagesQuery = (companyId: string, chatId: string, keysOnly = false) => ({
  KeyConditionExpression: 'PK = :pk AND begins_with(SK, :msg)',
  ExpressionAttributeValues: { ':pk': chatPk(companyId, chatId), ':msg': MESSAGE_PREFIX },
  ScanIndexForward: false,
  ...(keysOnly ? { ProjectionExpression: 'PK, SK' } : {}),
});

/** A cursor the client sent back is a key of this very query (anything else starts over). */
const isMessageCursorOf = (companyId: string, chatId: string, key: Item | undefined) =>
  !!key &&
  Object.keys(key).length === 2 &&
  key.PK === chatPk(companyId, chatId) &&
  typeof key.SK === 'string' &&
  key.SK.startsWith(MESSAGE_PREFIX);

/** AP-CH3: a page of a chat's messages, newest first. */
export async function queryChatMessages(
  companyId: string,
  chatId: string,
  page: { limit: number; after?: Item },
): Promise<{ records: ChatMessageRecord[]; next?: Item }> {
  const after = isMessageCursorOf(companyId, chatId, page.after) ? page.after : undefined;
  const out = await queryPage(messagesQuery(companyId, chatId), { limit: page.limit, after });
  return { records: out.items.map(messageFromItem), next: out.next };
}

const isChatsCursorOf = (companyId: string, userId: string, key: Item | undefined) =>
  !!key &&
  Object.keys(key).length === 4 &&
  key.PK === memberPk(companyId, userId) &&
  key.GSI1PK === memberPk(companyId, userId) &&
  typeof key.SK === 'string' &&
  typeof key.GSI1SK === 'string';

/** AP-CH1: a page of a member's chats, newest activity first, then the chats themselves (AP-CH2 batch). */
export async function queryMemberChats(
  companyId: string,
  userId: string,
  page: { limit: number; after?: Item },
): Promise<{ records: ChatRecord[]; next?: Item }> {
  const after = isChatsCursorOf(companyId, userId, page.after) ? page.after : undefined;
  const out = await queryPage(
    {
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': memberPk(companyId, userId) },
      ScanIndexForward: false,
    },
    { limit: page.limit, after },
  );
  const ids = out.items.map((i) => String(i.chatId));
  const chats = new Map(
    (await batchGet(ids.map((id) => chatKey(companyId, id)))).map((i) => [String(i.id), chatFromItem(i)]),
  );
  // A chat deleted between the two reads is skipped; the order is the membership index's.
  const records = ids.flatMap((id) => {
    const chat = chats.get(id);
    return chat && chat.members.some((m) => m.userId === userId) ? [chat] : [];
  });
  return { records, next: out.next };
}
