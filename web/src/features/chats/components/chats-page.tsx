import { Box, Button, Flex, Heading, HStack, Tabs, Text } from '@chakra-ui/react';
import { unreadsOf, type ChatDto, type ChatRealtimeData } from '@atende/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus } from 'react-icons/lu';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useSession } from '@/hooks/use-session';
import { useChat, useChats, useDeleteChat, useMarkChatRead, useSendChatMessage } from '../api/chats-api';
import { useChatsLive } from '../hooks/use-chats-live';
import { useMayCreateChat } from '../hooks/use-may-create-chat';
import { CHATS_NS } from '../i18n';
import { ChatDialog } from './chat-dialog';
import { ChatInput } from './chat-input';
import { ChatList } from './chat-list';
import { ChatMessages } from './chat-messages';

/** Chakra's md breakpoint (48em): below it the page shows tabs (spec part 3 §2). */
const WIDE = '(min-width: 48em)';
type Tab = 'chats' | 'messages';

/**
 * /chats and /chats/{uuid} (spec part 3 §2 "Internal chat"): the caller's chats and the open chat's
 * messages. Wide screens: list left, messages right; narrow screens: tabs 'Chats' and 'Mensagens'.
 */
export function ChatsPage() {
  const { t } = useTranslation(CHATS_NS);
  const { uuid } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const userId = user?.id ?? '';
  const wide = useMediaQuery(WIDE);
  const [tab, setTab] = useState<Tab>(uuid ? 'messages' : 'chats');
  const [editing, setEditing] = useState<{ chat: ChatDto | null } | null>(null);
  const [deleting, setDeleting] = useState<ChatDto | null>(null);
  const mayCreate = useMayCreateChat();
  const list = useChats();
  const open = useChat(uuid);
  const remove = useDeleteChat();
  const send = useSendChatMessage();
  const markRead = useMarkChatRead();
  const chats = useMemo(() => list.data?.pages.flatMap((page) => page.records) ?? [], [list.data]);

  useEffect(() => {
    if (list.error) console.error('chats: list failed', list.error); // spec §7: the list load only logs
  }, [list.error]);

  useChatsLive((data: ChatRealtimeData) => {
    if (data.action === 'delete' && data.chatId === uuid) void navigate('/chats');
  });

  // The open chat is read: on opening it and whenever a message raises the caller's count in it.
  const openUnreads = open.data ? unreadsOf(open.data, userId) : 0;
  const { mutate: mark } = markRead;
  useEffect(() => {
    if (uuid && userId && openUnreads > 0) mark({ chatId: uuid, userId });
  }, [uuid, userId, openUnreads, mark]);

  // A chat that does not exist for the caller (deleted, or not a member): back to /chats.
  useEffect(() => {
    if (uuid && open.isError) void navigate('/chats', { replace: true });
  }, [uuid, open.isError, navigate]);

  const select = (chat: ChatDto) => {
    setTab('messages');
    void navigate(`/chats/${chat.id}`);
  };
  const newButton = mayCreate ? (
    // On narrow screens it sits in the tab bar (36 px): a smaller button keeps clear of the panel's border.
    <Button size={wide ? 'sm' : 'xs'} colorPalette="brand" onClick={() => setEditing({ chat: null })} data-testid="chat-new">
      <LuPlus />
      {wide ? t('new') : t('newShort')}
    </Button>
  ) : null;

  const listPane = (
    <ChatList
      chats={chats}
      pending={list.isPending && !list.isError}
      openId={uuid}
      userId={userId}
      paging={list}
      onOpen={select}
      onEdit={(chat) => setEditing({ chat })}
      onDelete={setDeleting}
    />
  );
  const messagePane = uuid ? (
    <Flex direction="column" h="full" minH="0">
      <Box px="4" py="3" borderBottomWidth="1px" borderColor="border">
        <Text fontWeight="semibold" truncate data-testid="chat-open-title">
          {open.data?.title ?? ''}
        </Text>
      </Box>
      <ChatMessages chatId={uuid} userId={userId} />
      <ChatInput onSend={(message) => send.mutate({ chatId: uuid, message })} />
    </Flex>
  ) : (
    <Flex h="full" align="center" justify="center">
      <EmptyState title={t('selectChat')} />
    </Flex>
  );

  return (
    <Flex direction="column" h={{ base: 'calc(100dvh - 6.5rem)', md: 'calc(100dvh - 8rem)' }} minH="96" gap="3">
      <HStack justify="space-between">
        <Heading as="h1" size="xl" fontWeight="semibold">
          {t('title')}
        </Heading>
      </HStack>
      <Flex
        flex="1"
        minH="0"
        bg="bg.panel"
        borderWidth="1px"
        borderColor="border"
        borderRadius="xl"
        overflow="hidden"
        data-testid="chats-page"
      >
        {wide ? (
          <>
            <Flex direction="column" w="80" flexShrink={0} borderRightWidth="1px" borderColor="border" minH="0">
              <HStack justify="flex-end" p="3" borderBottomWidth="1px" borderColor="border">
                {newButton}
              </HStack>
              <Box flex="1" overflowY="auto">
                {listPane}
              </Box>
            </Flex>
            <Box flex="1" minW="0">
              {messagePane}
            </Box>
          </>
        ) : (
          <Tabs.Root
            value={tab}
            onValueChange={(details) => setTab(details.value as Tab)}
            variant="line"
            size="sm"
            display="flex"
            flexDirection="column"
            w="full"
            minH="0"
          >
            <HStack pe="2" borderBottomWidth="1px" borderColor="border">
              <Tabs.List flex="1" borderBottomWidth="0">
                <Tabs.Trigger value="chats">{t('tabs.chats')}</Tabs.Trigger>
                <Tabs.Trigger value="messages">{t('tabs.messages')}</Tabs.Trigger>
              </Tabs.List>
              {newButton}
            </HStack>
            <Tabs.Content value="chats" flex="1" minH="0" overflowY="auto" p="0">
              {listPane}
            </Tabs.Content>
            <Tabs.Content value="messages" flex="1" minH="0" p="0">
              {messagePane}
            </Tabs.Content>
          </Tabs.Root>
        )}
      </Flex>
      {editing ? (
        <ChatDialog
          chat={editing.chat}
          userId={userId}
          onClose={() => setEditing(null)}
          onSaved={(chat) => {
            setEditing(null);
            if (!editing.chat) select(chat);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle', { title: deleting?.title ?? '' })}
        destructive
        confirmLabel={t('delete')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const chat = deleting;
          if (!chat) return;
          remove.mutate(chat.id, {
            onSettled: () => setDeleting(null),
            onSuccess: () => (chat.id === uuid ? void navigate('/chats') : undefined),
          });
        }}
      >
        {t('deleteText')}
      </ConfirmDialog>
    </Flex>
  );
}
