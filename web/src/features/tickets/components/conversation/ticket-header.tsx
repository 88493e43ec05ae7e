import { Avatar, Box, Button, chakra, Flex, HStack, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { mayDeleteTicket } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import {
  LuArrowLeft,
  LuCalendarClock,
  LuCheck,
  LuEllipsisVertical,
  LuRepeat,
  LuRotateCcw,
  LuTrash2,
  LuUndo2,
} from 'react-icons/lu';
import type { TicketDto } from '../../api/types';
import type { TicketActions } from '../../hooks/use-ticket-actions';
import { useViewer } from '../../hooks/use-viewer';
import { useFormatPhone } from '@/hooks/use-format-phone';
import { contactLabel } from '../../lib/contact-label';

export type TicketDialogKind = 'reopen' | 'transfer' | 'schedule' | 'delete';

interface TicketHeaderProps {
  ticket: TicketDto;
  actions: TicketActions;
  onBack?: () => void;
  onOpenContact: () => void;
  onDialog: (kind: TicketDialogKind) => void;
}

/** Contact, assignment and the ticket's actions (spec part 1 §2 "Conversation", §4). */
export function TicketHeader({ ticket, actions, onBack, onOpenContact, onDialog }: TicketHeaderProps) {
  const { t } = useTranslation('tickets');
  const { viewer } = useViewer();
  const formatPhone = useFormatPhone();
  const busy = actions.busyId === ticket.id;
  const subtitle = [
    ticket.user ? t('header.assignedTo', { name: ticket.user.name }) : t(`status.${ticket.status}`),
    ticket.queue ? t('header.queue', { name: ticket.queue.name }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Flex
      as="header"
      align="center"
      gap="2"
      px={{ base: '2', md: '4' }}
      py="2"
      minH="16"
      borderBottomWidth="1px"
      borderColor="border"
      bg="bg.panel"
      borderTopWidth="3px"
      borderTopColor={ticket.queue?.color || 'transparent'}
      data-testid="ticket-header"
    >
      {onBack ? (
        <IconButton size="sm" variant="ghost" aria-label={t('actions.back')} onClick={onBack}>
          <LuArrowLeft />
        </IconButton>
      ) : null}
      <chakra.button
        type="button"
        onClick={onOpenContact}
        display="flex"
        alignItems="center"
        gap="3"
        flex="1"
        minW="0"
        textAlign="start"
        cursor="pointer"
        title={t('actions.contactInfo')}
        rounded="md"
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
      >
        <Avatar.Root size="sm" flexShrink={0}>
          <Avatar.Fallback name={ticket.contact.name} />
          {ticket.contact.profilePicUrl ? <Avatar.Image src={ticket.contact.profilePicUrl} alt="" /> : null}
        </Avatar.Root>
        <Stack gap="0" minW="0">
          <Text fontWeight="semibold" truncate data-testid="ticket-contact-name">
            {contactLabel(ticket.contact, formatPhone)}
          </Text>
          <Text textStyle="xs" color="fg.muted" truncate>
            {subtitle}
          </Text>
        </Stack>
      </chakra.button>
      <HStack gap="1" flexShrink={0}>
        {ticket.status === 'pending' ? (
          <Button
            size="sm"
            colorPalette="brand"
            loading={busy}
            onClick={() => void actions.accept(ticket)}
            data-testid="action-accept"
          >
            <LuCheck />
            {t('actions.accept')}
          </Button>
        ) : null}
        {ticket.status === 'open' ? (
          <>
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => void actions.giveBack(ticket)}
              data-testid="action-return"
              aria-label={t('actions.return')}
              title={t('actions.return')}
            >
              <LuUndo2 />
              <Box as="span" display={{ base: 'none', lg: 'inline' }}>
                {t('actions.return')}
              </Box>
            </Button>
            <Button
              size="sm"
              colorPalette="brand"
              loading={busy}
              onClick={() => void actions.resolve(ticket)}
              data-testid="action-resolve"
              aria-label={t('actions.resolve')}
              title={t('actions.resolve')}
            >
              <LuCheck />
              <Box as="span" display={{ base: 'none', sm: 'inline' }}>
                {t('actions.resolve')}
              </Box>
            </Button>
          </>
        ) : null}
        {ticket.status === 'closed' ? (
          <Button size="sm" variant="outline" loading={busy} onClick={() => onDialog('reopen')} data-testid="action-reopen">
            <LuRotateCcw />
            {t('actions.reopen')}
          </Button>
        ) : null}
        <Menu.Root
          positioning={{ placement: 'bottom-end' }}
          onSelect={(details) => onDialog(details.value as TicketDialogKind)}
        >
          <Menu.Trigger asChild>
            <IconButton size="sm" variant="ghost" aria-label={t('actions.options')} data-testid="ticket-options">
              <LuEllipsisVertical />
            </IconButton>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="44">
                <Menu.Item value="schedule">
                  <LuCalendarClock /> {t('actions.schedule')}
                </Menu.Item>
                <Menu.Item value="transfer">
                  <LuRepeat /> {t('actions.transfer')}
                </Menu.Item>
                {viewer && mayDeleteTicket(viewer) ? (
                  <Menu.Item value="delete" color="fg.error">
                    <LuTrash2 /> {t('actions.delete')}
                  </Menu.Item>
                ) : null}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </HStack>
    </Flex>
  );
}
