/**
 * Internal chat calls (spec part 3 §7 "Internal chat") and their cache. Errors of these calls are
 * swallowed by the screens (spec §7: "Chat call errors are swallowed silently").
 */
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { ChatDto, ChatInput, ChatListDto, ChatMessageDto, ChatMessagesDto, ChatUnreadDto } from '@atende/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';

export const chatKeys = {
  all: ['chats'] as const,
  list: () => [...chatKeys.all, 'list'] as const,
  one: (id: string) => [...chatKeys.all, 'one', id] as const,
  messages: (id: string) => [...chatKeys.all, 'messages', id] as const,
  unread: () => [...chatKeys.all, 'unread'] as const,
  users: () => [...chatKeys.all, 'users'] as const,
  setting: () => [...chatKeys.all, 'setting'] as const,
};

export type ChatListCache = InfiniteData<ChatListDto, string | undefined>;
export type ChatMessagesCache = InfiniteData<ChatMessagesDto, string | undefined>;

const path = (id: string, rest = '') => `/chats/${encodeURIComponent(id)}${rest}`;

export const chatsQuery = () =>
  infiniteQueryOptions({
    queryKey: chatKeys.list(),
    queryFn: ({ pageParam }) => apiGet<ChatListDto>('/chats', { cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.cursor : undefined),
  });
export const useChats = (enabled = true) => useInfiniteQuery({ ...chatsQuery(), enabled });

export const chatQuery = (id: string) =>
  queryOptions({ queryKey: chatKeys.one(id), queryFn: () => apiGet<ChatDto>(path(id)) });
export const useChat = (id: string | undefined) => useQuery({ ...chatQuery(id ?? ''), enabled: !!id });

/** Newest first, page by page (older pages as the pane scrolls up). */
export const chatMessagesQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(id),
    queryFn: ({ pageParam }) => apiGet<ChatMessagesDto>(path(id, '/messages'), { cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.cursor : undefined),
    staleTime: 0,
  });
export const useChatMessages = (id: string | undefined) =>
  useInfiniteQuery({ ...chatMessagesQuery(id ?? ''), enabled: !!id });

/** The caller's unread total: the menu's dot and the popover's badge. */
export const chatUnreadQuery = () =>
  queryOptions({ queryKey: chatKeys.unread(), queryFn: () => apiGet<ChatUnreadDto>('/chats/unread') });
export const useChatUnread = () => useQuery(chatUnreadQuery());

export interface ChatUserOption {
  id: string;
  name: string;
}
/** The company's users for the dialog's picker (`GET /users/list`). */
export const useCompanyUsers = (enabled: boolean) =>
  useQuery({
    queryKey: chatKeys.users(),
    enabled,
    queryFn: async () => {
      const answer = await apiGet<ChatUserOption[] | { users: ChatUserOption[] }>('/users/list');
      return (Array.isArray(answer) ? answer : answer.users).map(({ id, name }) => ({ id, name }));
    },
  });

/** The company setting allowsUserToUseInternalChat, read by key (spec part 2 §7, part 3 §7). */
export const useInternalChatSetting = () =>
  useQuery({
    queryKey: chatKeys.setting(),
    queryFn: async () => (await apiGet<{ value?: string } | null>('/settings/allowsUserToUseInternalChat'))?.value,
  });

/** Puts a chat at the top of the cached list (or replaces it there), dropping its older copy. */
export function upsertChat(client: QueryClient, chat: ChatDto): void {
  client.setQueryData<ChatListCache>(chatKeys.list(), (cache) => {
    if (!cache) return cache;
    const pages = cache.pages.map((page) => ({ ...page, records: page.records.filter((c) => c.id !== chat.id) }));
    if (pages[0]) pages[0] = { ...pages[0], records: [chat, ...pages[0].records] };
    return { ...cache, pages };
  });
  client.setQueryData(chatKeys.one(chat.id), chat);
}

/**
 * Replaces a chat where it is in the list (its place does not move: an edit or a read mark);
 * `addIfMissing`: a chat the list does not hold yet goes on top (a member just added).
 */
export function replaceChat(client: QueryClient, chat: ChatDto, options: { addIfMissing?: boolean } = {}): void {
  const cached = client
    .getQueryData<ChatListCache>(chatKeys.list())
    ?.pages.some((page) => page.records.some((c) => c.id === chat.id));
  if (!cached && options.addIfMissing) return upsertChat(client, chat);
  client.setQueryData<ChatListCache>(chatKeys.list(), (cache) =>
    cache
      ? {
          ...cache,
          pages: cache.pages.map((page) => ({
            ...page,
            records: page.records.map((c) => (c.id === chat.id ? chat : c)),
          })),
        }
      : cache,
  );
  client.setQueryData(chatKeys.one(chat.id), chat);
}

export function forgetChat(client: QueryClient, chatId: string): void {
  client.setQueryData<ChatListCache>(chatKeys.list(), (cache) =>
    cache
      ? {
          ...cache,
          pages: cache.pages.map((page) => ({ ...page, records: page.records.filter((c) => c.id !== chatId) })),
        }
      : cache,
  );
  client.removeQueries({ queryKey: chatKeys.one(chatId) });
  client.removeQueries({ queryKey: chatKeys.messages(chatId) });
}

/** Adds a message on top of the newest page (once: the sender's answer and the live event both bring it). */
export function addChatMessage(client: QueryClient, message: ChatMessageDto): void {
  client.setQueryData<ChatMessagesCache>(chatKeys.messages(message.chatId), (cache) => {
    if (!cache || cache.pages.some((page) => page.records.some((m) => m.id === message.id))) return cache;
    const [first, ...rest] = cache.pages;
    return { ...cache, pages: [{ ...first!, records: [message, ...(first?.records ?? [])] }, ...rest] };
  });
}

export function useSaveChat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ChatInput }) =>
      id ? apiPut<ChatDto>(path(id), input) : apiPost<ChatDto>('/chats', input),
    onSuccess: (chat, { id }) => (id ? replaceChat(client, chat) : upsertChat(client, chat)),
  });
}

export function useDeleteChat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<void>(path(id)),
    onSuccess: (_answer, id) => {
      forgetChat(client, id);
      void client.invalidateQueries({ queryKey: chatKeys.unread() });
    },
  });
}

export function useSendChatMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ chatId, message }: { chatId: string; message: string }) =>
      apiPost<ChatMessageDto>(path(chatId, '/messages'), { message }),
    onSuccess: (message) => addChatMessage(client, message),
  });
}

/** POST /chats/{id}/read: the server marks the signed-in user (the body's userId is informative). */
export function useMarkChatRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ chatId, userId }: { chatId: string; userId: string }) =>
      apiPost<ChatDto>(path(chatId, '/read'), { userId }),
    onSuccess: (chat) => {
      replaceChat(client, chat);
      void client.invalidateQueries({ queryKey: chatKeys.unread() });
    },
  });
}
