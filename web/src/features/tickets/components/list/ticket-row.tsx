import { Avatar, Badge, Box, Button, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { LuEye } from 'react-icons/lu';
import type { TicketDto } from '../../api/types';
import { useFormatPhone } from '@/hooks/use-format-phone';
import { contactLabel } from '../../lib/contact-label';
import { listTime } from '../../lib/list-time';
import { plainText } from '../../lib/whatsapp-markup';

export interface TicketRowProps {
  ticket: TicketDto;
  selected: boolean;
  /** Opens the ticket; pending rows are not opened by a click (spec part 1 §2). */
  onOpen: (ticket: TicketDto) => void;
  onAccept: (ticket: TicketDto) => void;
  /** Admins may peek at a pending conversation without taking it. */
  onPeek?: (ticket: TicketDto) => void;
  accepting?: boolean;
}

function RowTime({ value }: { value: string }) {
  const { t } = useTranslation('tickets');
  const time = listTime(value);
  if (time.kind === 'none') return null;
  return (
    <Text as="span" textStyle="xs" color="fg.muted" flexShrink={0} data-testid="ticket-time">
      {time.kind === 'yesterday' ? t('list.yesterday') : time.text}
    </Text>
  );
}

/** One ticket of the list: queue colour, picture, name, last message, time, unread count, badges. */
export const TicketRow = memo(function TicketRow({ ticket, selected, onOpen, onAccept, onPeek, accepting }: TicketRowProps) {
  const { t } = useTranslation('tickets');
  const formatPhone = useFormatPhone();
  const pending = ticket.status === 'pending';
  const open = () => {
    if (!pending) onOpen(ticket);
  };
  return (
    <Flex
      role={pending ? 'group' : 'button'}
      tabIndex={pending ? -1 : 0}
      aria-current={selected ? 'true' : undefined}
      onClick={open}
      onKeyDown={(event) => {
        if (!pending && (event.key === 'Enter' || event.key === ' ')) {
          event.preventDefault();
          onOpen(ticket);
        }
      }}
      data-testid="ticket-row"
      data-status={ticket.status}
      data-ticket-id={ticket.id}
      h="full"
      align="stretch"
      gap="3"
      pe="3"
      cursor={pending ? 'default' : 'pointer'}
      bg={selected ? 'brand.subtle' : 'transparent'}
      _hover={{ bg: selected ? 'brand.subtle' : 'bg.muted' }}
      borderBottomWidth="1px"
      borderColor="border"
      transition="background 0.12s"
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' }}
    >
      <Box
        w="1"
        flexShrink={0}
        bg={ticket.queue?.color || 'gray.400'}
        title={ticket.queue?.name ?? t('list.noQueue')}
        data-testid="queue-colour"
      />
      <Avatar.Root size="md" alignSelf="center" flexShrink={0}>
        <Avatar.Fallback name={ticket.contact.name} />
        {ticket.contact.profilePicUrl ? <Avatar.Image src={ticket.contact.profilePicUrl} alt="" /> : null}
      </Avatar.Root>
      <Stack gap="0.5" flex="1" minW="0" py="2.5" justify="center">
        <HStack gap="2" minW="0">
          <Text fontWeight="semibold" truncate flex="1" data-testid="ticket-name">
            {contactLabel(ticket.contact, formatPhone)}
          </Text>
          {ticket.status === 'closed' ? (
            <Badge size="xs" colorPalette="gray" variant="surface" flexShrink={0}>
              {t('list.closedBadge')}
            </Badge>
          ) : null}
          <RowTime value={ticket.updatedAt} />
        </HStack>
        <HStack gap="2" minW="0">
          <Text textStyle="sm" color="fg.muted" truncate flex="1" data-testid="ticket-last-message">
            {plainText(ticket.lastMessage) || '\u00a0'}
          </Text>
          {ticket.unreadMessages > 0 ? (
            <Badge
              size="sm"
              variant="solid"
              colorPalette="green"
              borderRadius="full"
              minW="5"
              justifyContent="center"
              aria-label={t('list.unread', { count: ticket.unreadMessages })}
              data-testid="unread-count"
            >
              {ticket.unreadMessages}
            </Badge>
          ) : null}
        </HStack>
        {ticket.user || ticket.whatsapp ? (
          <HStack gap="1.5" minW="0">
            {ticket.whatsapp ? (
              <Badge size="xs" variant="subtle" colorPalette="gray" truncate maxW="50%">
                {ticket.whatsapp.name}
              </Badge>
            ) : null}
            {ticket.user && ticket.status !== 'pending' ? (
              <Badge size="xs" variant="subtle" colorPalette="brand" truncate maxW="50%">
                {ticket.user.name}
              </Badge>
            ) : null}
          </HStack>
        ) : null}
      </Stack>
      {pending ? (
        <HStack gap="1" alignSelf="center" flexShrink={0}>
          {onPeek ? (
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={t('list.peek')}
              title={t('list.peek')}
              onClick={(event) => {
                event.stopPropagation();
                onPeek(ticket);
              }}
            >
              <LuEye />
            </IconButton>
          ) : null}
          <Button
            size="xs"
            colorPalette="brand"
            loading={accepting}
            onClick={(event) => {
              event.stopPropagation();
              onAccept(ticket);
            }}
          >
            {t('list.accept')}
          </Button>
        </HStack>
      ) : null}
    </Flex>
  );
});
