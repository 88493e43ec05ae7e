import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { RequestUploadsAnswer, SendMessageInput } from '@atende/shared';
import { apiDelete, apiGet, apiPost } from '@/lib/api-client';
import { putToStorage } from '@/lib/storage-upload';
import type { SendAttempt } from '../lib/send-attempts';
import { messageKeys } from './keys';
import { FIRST_PAGE, nextPageParam, type Message, type MessagesPage, type PageParam } from './types';

type MessagesData = InfiniteData<MessagesPage>;

export const fetchMessages = (ticketId: string, page: PageParam) =>
  apiGet<MessagesPage>(`/messages/${ticketId}`, { pageNumber: page.pageNumber, cursor: page.cursor });

/** Page 1 is the newest; older pages load as the list is scrolled up (within 50 px of the top). */
export function useMessages(ticketId: string | undefined) {
  return useInfiniteQuery({
    queryKey: messageKeys.ticket(ticketId ?? ''),
    queryFn: ({ pageParam }) => fetchMessages(ticketId!, pageParam),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    enabled: Boolean(ticketId),
  });
}

/** The server's order: time, then id (monotonic, so messages sharing a timestamp keep the order they were handled in). */
const byTime = (a: Message, b: Message) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/** Oldest first, whatever order the pages arrived in; a message is listed once. */
export function flattenMessages(data: MessagesData | undefined): Message[] {
  if (!data) return [];
  const seen = new Map<string, Message>();
  for (const page of [...data.pages].reverse()) for (const message of page.messages) seen.set(message.id, message);
  return [...seen.values()].sort(byTime);
}

/** A created or updated message (live event or send answer) lands in its ticket's cached conversation. */
export function upsertMessageInCache(client: QueryClient, message: Message): void {
  if (!message.ticketId) return;
  client.setQueryData<MessagesData>(messageKeys.ticket(message.ticketId), (data) => {
    if (!data || data.pages.length === 0) return data;
    let replaced = false;
    const pages = data.pages.map((page) => {
      if (!page.messages.some((m) => m.id === message.id)) return page;
      replaced = true;
      return { ...page, messages: page.messages.map((m) => (m.id === message.id ? { ...m, ...message } : m)) };
    });
    if (replaced) return { ...data, pages };
    const [newest, ...older] = data.pages;
    return { ...data, pages: [{ ...newest!, messages: [...newest!.messages, message] }, ...older] };
  });
}

export interface OutgoingMessage {
  body: string;
  quotedMsg?: Message | null;
  files?: File[];
  /** Whether the sender signs (spec part 1 §6); the API applies the company's rule. */
  sign: boolean;
  /** A recording from the console goes out as a voice note. */
  voiceNote?: boolean;
  /** This send's idempotency key (and uploads), the same on each retry of it (lib/send-attempts.ts). */
  attempt: SendAttempt;
  /** Files already in storage (a quick reply's), sent by key before the uploaded ones. */
  storedMedias?: SendMessageInput['medias'];
}

export function useSendMessage(ticketId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (outgoing: OutgoingMessage) => sendMessage(ticketId, outgoing),
    // The answer is `{ messages }` (one per medium); the live `create` event brings the same ones.
    onSuccess: (answer) => {
      for (const saved of answer?.messages ?? []) upsertMessageInCache(client, saved);
    },
  });
}

/**
 * Media never passes through the API: ask for presigned PUTs, upload each file straight to
 * storage, then send the keys (shared contract, schemas/messages.ts).
 */
async function uploadFiles(ticketId: string, files: File[], voiceNote: boolean): Promise<SendMessageInput['medias']> {
  const { uploads } = await apiPost<RequestUploadsAnswer>(`/messages/${ticketId}/uploads`, {
    files: files.map((file) => ({
      fileName: file.name,
      mimetype: file.type || 'application/octet-stream',
      size: file.size,
    })),
  });
  await Promise.all(uploads.map((upload, index) => putToStorage(upload, files[index]!)));
  return uploads.map((upload) => ({
    key: upload.key,
    fileName: upload.fileName,
    mimetype: upload.mimetype,
    ...(voiceNote ? { voiceNote } : {}),
  }));
}

export async function sendMessage(
  ticketId: string,
  { body, quotedMsg, sign, files = [], voiceNote = false, attempt, storedMedias = [] }: OutgoingMessage,
): Promise<{ messages: Message[] } | undefined> {
  attempt.uploaded ??= files.length > 0 ? await uploadFiles(ticketId, files, voiceNote) : [];
  const payload: SendMessageInput = {
    body,
    medias: [...storedMedias, ...attempt.uploaded],
    signature: sign,
    clientMessageId: attempt.clientMessageId,
    read: true,
    fromMe: true,
    ...(quotedMsg ? { quotedMsg: quotedMsg.id } : {}),
  };
  return apiPost<{ messages: Message[] } | undefined>(`/messages/${ticketId}`, payload);
}

export function useDeleteMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: Message) => apiDelete<Message | undefined>(`/messages/${message.id}`),
    onSuccess: (answer, message) => upsertMessageInCache(client, { ...message, ...(answer ?? {}), isDeleted: true }),
  });
}
