import { Avatar, Badge, Box, chakra, Float, HStack, IconButton, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuBell } from 'react-icons/lu';
import { useLocation, useNavigate } from 'react-router';
import { useTicketList } from '../../api/tickets';
import { useTicketsLiveSync } from '../../hooks/use-tickets-live-sync';
import { useAppMessageEvents } from '../../hooks/realtime-bridge';
import { listTime } from '../../lib/list-time';
import { playNotificationSound } from '../../lib/notification-sound';
import { plainText } from '../../lib/whatsapp-markup';

const UNREAD_FILTERS = { withUnreadMessages: true } as const;

/**
 * The top bar's bell (spec part 1 §2): the viewer's tickets with unread messages, and a chime
 * when a customer writes in a ticket that is not on screen (or the tab is in the background).
 */
export function NotificationsPopover() {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const unread = useTicketList(UNREAD_FILTERS);
  useTicketsLiveSync();

  const tickets = useMemo(
    () => (unread.data?.pages.flatMap((page) => page.tickets) ?? []).filter((ticket) => ticket.unreadMessages > 0),
    [unread.data],
  );

  useAppMessageEvents((data) => {
    if (data.action !== 'create' || data.message.fromMe) return;
    const ticketUuid = (data.ticket as { uuid?: string } | undefined)?.uuid;
    const onScreen = ticketUuid !== undefined && location.pathname === `/tickets/${ticketUuid}`;
    if (!onScreen || document.hidden) playNotificationSound();
  });

  return (
    <Popover.Root open={open} onOpenChange={(d) => setOpen(d.open)} positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <IconButton
          variant="ghost"
          colorPalette="gray"
          size="sm"
          aria-label={t('notifications.open')}
          title={t('notifications.title')}
          position="relative"
          data-testid="notifications"
        >
          <LuBell />
          {tickets.length > 0 ? (
            <Float placement="top-end" offset="1.5">
              <Badge
                size="xs"
                variant="solid"
                colorPalette="red"
                borderRadius="full"
                minW="4"
                justifyContent="center"
                data-testid="notifications-count"
              >
                {tickets.length}
              </Badge>
            </Float>
          ) : null}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w={{ base: '90vw', sm: '80' }} maxH="96" overflowY="auto">
            <Popover.Header fontWeight="semibold">{t('notifications.title')}</Popover.Header>
            <Popover.Body p="0">
              {tickets.length === 0 ? (
                <Text px="4" py="6" color="fg.muted" textAlign="center" textStyle="sm">
                  {t('notifications.empty')}
                </Text>
              ) : (
                <Stack gap="0">
                  {tickets.map((ticket) => {
                    const time = listTime(ticket.updatedAt);
                    return (
                      <chakra.button
                        key={ticket.id}
                        type="button"
                        display="flex"
                        gap="3"
                        alignItems="center"
                        px="4"
                        py="2.5"
                        textAlign="start"
                        _hover={{ bg: 'bg.muted' }}
                        borderBottomWidth="1px"
                        borderColor="border"
                        onClick={() => {
                          setOpen(false);
                          navigate(`/tickets/${ticket.uuid}`);
                        }}
                        data-testid="notification-item"
                      >
                        <Avatar.Root size="sm">
                          <Avatar.Fallback name={ticket.contact.name} />
                          {ticket.contact.profilePicUrl ? <Avatar.Image src={ticket.contact.profilePicUrl} alt="" /> : null}
                        </Avatar.Root>
                        <Box flex="1" minW="0">
                          <HStack justify="space-between" gap="2">
                            <Text fontWeight="medium" truncate>
                              {ticket.contact.name}
                            </Text>
                            <Text textStyle="xs" color="fg.muted" flexShrink={0}>
                              {time.kind === 'yesterday' ? t('list.yesterday') : time.kind === 'none' ? '' : time.text}
                            </Text>
                          </HStack>
                          <HStack justify="space-between" gap="2">
                            <Text textStyle="sm" color="fg.muted" truncate>
                              {plainText(ticket.lastMessage)}
                            </Text>
                            <Badge size="xs" variant="solid" colorPalette="green" borderRadius="full">
                              {ticket.unreadMessages}
                            </Badge>
                          </HStack>
                        </Box>
                      </chakra.button>
                    );
                  })}
                </Stack>
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
