import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import type { ChatMessageDto } from '@atende/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { LoadingState } from '@/components/loading-state';
import { formatDateTime } from '@/lib/format';
import { chatKeys, useChatMessages } from '../api/chats-api';
import { CHATS_NS } from '../i18n';

/** Spec part 3 §9: older messages load when scrolled under 600 px from the top. */
export const CHAT_LOAD_OLDER_PX = 600;
/** Spec part 3 §2: after a chat is selected, scroll to the bottom after 300 ms. */
export const CHAT_SCROLL_DELAY_MS = 300;

/**
 * The message panel (spec part 3 §2): bubbles (own right, others left, with sender name and time),
 * oldest at the top; older pages prepended as one scrolls up, keeping what was on screen in place;
 * a new message scrolls down.
 */
export function ChatMessages({ chatId, userId }: { chatId: string; userId: string }) {
  const { t } = useTranslation(CHATS_NS);
  const client = useQueryClient();
  const query = useChatMessages(chatId);
  // Leaving a chat drops its pages: selecting it again starts over at page 1 (spec part 3 §2).
  useEffect(() => () => client.removeQueries({ queryKey: chatKeys.messages(chatId) }), [client, chatId]);
  const scroller = useRef<HTMLDivElement>(null);
  /** The scroll height before an older page was asked for: the prepend keeps the view where it was. */
  const beforeOlder = useRef<{ height: number; top: number } | null>(null);
  const messages = useMemo(() => (query.data?.pages.flatMap((page) => page.records) ?? []).slice().reverse(), [query.data]);
  const newestId = messages.at(-1)?.id;

  const toBottom = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  // A chat selected: to the bottom after 300 ms (its first page has rendered by then), unless the
  // reader has already gone up for older messages: their scroll wins.
  const selectScroll = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    selectScroll.current = setTimeout(toBottom, CHAT_SCROLL_DELAY_MS);
    return () => clearTimeout(selectScroll.current);
  }, [chatId, toBottom]);

  // A page of older messages arrived: keep the same messages under the reader's eyes.
  const pageCount = query.data?.pages.length ?? 0;
  useLayoutEffect(() => {
    const el = scroller.current;
    const before = beforeOlder.current;
    if (!el || !before) return;
    el.scrollTop = el.scrollHeight - before.height + before.top;
    beforeOlder.current = null;
  }, [pageCount]);

  // A new message (sent or received): scroll down.
  useEffect(() => {
    if (newestId) toBottom();
  }, [newestId, toBottom]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el || el.scrollTop >= CHAT_LOAD_OLDER_PX || !query.hasNextPage || query.isFetchingNextPage) return;
    clearTimeout(selectScroll.current);
    beforeOlder.current = { height: el.scrollHeight, top: el.scrollTop };
    void query.fetchNextPage();
  };

  return (
    <Box
      ref={scroller}
      flex="1"
      minH="0"
      overflowY="auto"
      px={{ base: '3', md: '5' }}
      py="4"
      onScroll={onScroll}
      data-testid="chat-messages"
    >
      {query.isPending ? (
        <LoadingState />
      ) : messages.length === 0 ? (
        <EmptyState title={t('emptyMessages')} />
      ) : (
        <Stack gap="3">
          {query.isFetchingNextPage ? (
            <Text textAlign="center" fontSize="xs" color="fg.muted">
              {t('loadingOlder')}
            </Text>
          ) : null}
          {messages.map((message) => (
            <ChatBubble key={message.id} message={message} own={message.senderId === userId} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function ChatBubble({ message, own }: { message: ChatMessageDto; own: boolean }) {
  return (
    <Flex justify={own ? 'flex-end' : 'flex-start'} data-testid="chat-bubble" data-own={own || undefined}>
      <Box
        maxW={{ base: '85%', md: '70%' }}
        px="3"
        py="2"
        borderRadius="xl"
        borderBottomRightRadius={own ? 'sm' : 'xl'}
        borderBottomLeftRadius={own ? 'xl' : 'sm'}
        bg={own ? 'brand.subtle' : 'bg.muted'}
        color="fg"
      >
        <Text fontSize="xs" fontWeight="semibold" color={own ? 'fg.muted' : 'brand.fg'}>
          {message.sender.name}
        </Text>
        <Text whiteSpace="pre-wrap" wordBreak="break-word">
          {message.message}
        </Text>
        <Text fontSize="2xs" color="fg.muted" textAlign="end">
          {formatDateTime(message.createdAt)}
        </Text>
      </Box>
    </Flex>
  );
}
