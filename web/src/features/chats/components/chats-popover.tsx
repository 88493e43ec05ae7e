import { Badge, Box, HStack, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { unreadsOf } from '@atende/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMessagesSquare } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { LoadingState } from '@/components/loading-state';
import { useSession } from '@/hooks/use-session';
import { useChats, useChatUnread } from '../api/chats-api';
import { useChatsLive } from '../hooks/use-chats-live';
import { CHATS_NS } from '../i18n';

/** How many of the latest chats the popover lists. */
const POPOVER_CHATS = 8;

/**
 * The top bar's internal chat popover (spec part 1 §2): the latest chats with their unread counts,
 * the badge counts the user's unread messages; choosing one opens it. It keeps the chat caches live
 * on every page (the menu's dot follows).
 */
export function ChatsPopover() {
  const { t } = useTranslation(CHATS_NS);
  const navigate = useNavigate();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const unread = useChatUnread().data?.total ?? 0;
  const list = useChats(open);
  useChatsLive();
  const chats = (list.data?.pages[0]?.records ?? []).slice(0, POPOVER_CHATS);

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} lazyMount onOpenChange={(details) => setOpen(details.open)}>
      <Menu.Trigger asChild>
        <IconButton
          variant="ghost"
          colorPalette="gray"
          size="sm"
          aria-label={t('popover')}
          title={t('popover')}
          position="relative"
          data-testid="chats-trigger"
        >
          <LuMessagesSquare />
          {unread > 0 ? (
            <Badge
              position="absolute"
              top="0"
              insetEnd="0"
              size="xs"
              colorPalette="red"
              variant="solid"
              borderRadius="full"
              data-testid="chats-unread"
            >
              {unread}
            </Badge>
          ) : null}
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content w={{ base: '90vw', sm: '80' }} maxH="96" overflowY="auto" p="2">
            {list.isPending ? (
              <LoadingState minH="16" />
            ) : chats.length === 0 ? (
              <Text p="3" color="fg.muted" fontSize="sm">
                {t('popoverEmpty')}
              </Text>
            ) : (
              <Stack gap="1">
                {chats.map((chat) => {
                  const count = user ? unreadsOf(chat, user.id) : 0;
                  return (
                    <Menu.Item
                      key={chat.id}
                      value={chat.id}
                      py="2"
                      px="2"
                      onSelect={() => void navigate(`/chats/${chat.id}`)}
                      data-testid="chats-popover-item"
                    >
                      <HStack w="full" minW="0" justify="space-between" gap="3">
                        <Box minW="0" textAlign="start">
                          <Text fontWeight={count ? 'bold' : 'medium'} truncate>
                            {chat.title}
                          </Text>
                          <Text fontSize="xs" color="fg.muted" truncate fontWeight="normal">
                            {chat.lastMessage}
                          </Text>
                        </Box>
                        {count > 0 ? (
                          <Badge colorPalette="green" variant="solid" borderRadius="full">
                            {count}
                          </Badge>
                        ) : null}
                      </HStack>
                    </Menu.Item>
                  );
                })}
              </Stack>
            )}
            <Menu.Item value="all" justifyContent="center" color="brand.fg" onSelect={() => void navigate('/chats')}>
              {t('openAll')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
