import { Badge, Box, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { mayManageChat, unreadsOf, type ChatDto } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { LuPencil, LuTrash2 } from 'react-icons/lu';
import { EmptyState } from '@/components/empty-state';
import { LoadingMore } from '@/components/loading-more';
import { LoadingState } from '@/components/loading-state';
import { useLoadMore } from '@/hooks/use-load-more';
import { formatDateTime } from '@/lib/format';
import { CHATS_NS } from '../i18n';

interface ChatListProps {
  chats: ChatDto[];
  pending: boolean;
  openId: string | undefined;
  userId: string;
  paging: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  onOpen: (chat: ChatDto) => void;
  onEdit: (chat: ChatDto) => void;
  onDelete: (chat: ChatDto) => void;
}

/**
 * The chat list (spec part 3 §2): title, unread badge, last message with its date, a left marker on
 * the open chat; its owner sees edit and delete. The next page loads near the bottom.
 */
export function ChatList({ chats, pending, openId, userId, paging, onOpen, onEdit, onDelete }: ChatListProps) {
  const { t } = useTranslation(CHATS_NS);
  const sentinel = useLoadMore(paging);
  if (pending) return <LoadingState />;
  if (chats.length === 0) return <EmptyState title={t('empty')} />;
  return (
    <Stack gap="0" data-testid="chat-list">
      {chats.map((chat) => {
        const open = chat.id === openId;
        const unread = unreadsOf(chat, userId);
        const owner = mayManageChat({ userId }, { ownerId: chat.ownerId, memberIds: chat.users.map((u) => u.userId) });
        return (
          <HStack
            key={chat.id}
            gap="2"
            px="3"
            py="2.5"
            borderLeftWidth="4px"
            borderLeftColor={open ? 'brand.solid' : 'transparent'}
            bg={open ? 'bg.muted' : undefined}
            _hover={{ bg: 'bg.muted' }}
            borderBottomWidth="1px"
            borderBottomColor="border"
            data-testid="chat-row"
            data-open={open || undefined}
          >
            <Box
              as="button"
              flex="1"
              minW="0"
              textAlign="start"
              cursor="pointer"
              onClick={() => onOpen(chat)}
              aria-current={open ? 'true' : undefined}
            >
              <HStack justify="space-between" gap="2">
                <Text fontWeight={unread ? 'bold' : 'medium'} truncate>
                  {chat.title}
                </Text>
                {unread > 0 ? (
                  <Badge
                    colorPalette="green"
                    variant="solid"
                    borderRadius="full"
                    aria-label={t('unreadBadge', { count: unread })}
                    data-testid="chat-unread"
                  >
                    {unread}
                  </Badge>
                ) : null}
              </HStack>
              <HStack justify="space-between" gap="2" fontSize="xs" color="fg.muted">
                <Text truncate>{chat.lastMessage}</Text>
                {chat.lastMessage ? <Text flexShrink={0}>{formatDateTime(chat.updatedAt)}</Text> : null}
              </HStack>
            </Box>
            {owner ? (
              <HStack gap="0" flexShrink={0}>
                <IconButton size="xs" variant="ghost" aria-label={t('edit')} title={t('edit')} onClick={() => onEdit(chat)}>
                  <LuPencil />
                </IconButton>
                <IconButton
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t('delete')}
                  title={t('delete')}
                  onClick={() => onDelete(chat)}
                  data-testid="chat-delete"
                >
                  <LuTrash2 />
                </IconButton>
              </HStack>
            ) : null}
          </HStack>
        );
      })}
      <div ref={sentinel} />
      <LoadingMore show={paging.isFetchingNextPage} />
    </Stack>
  );
}
