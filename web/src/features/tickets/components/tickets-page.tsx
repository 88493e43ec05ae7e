import { Box, Button, Flex, Grid, Tabs } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMessagesSquare } from 'react-icons/lu';
import { useNavigate, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadingState } from '@/components/loading-state';
import { useMediaQuery } from '@/hooks/use-media-query';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { notify } from '@/lib/toaster';
import { ticketKeys } from '../api/keys';
import type { TicketDto } from '../api/types';
import { useTicketActions } from '../hooks/use-ticket-actions';
import { useTicketsLiveSync } from '../hooks/use-tickets-live-sync';
import { WelcomePanel } from './conversation/welcome-panel';
import { NewTicketDialog, PeekDialog } from './on-demand';
import { TicketsManager } from './list/tickets-manager';

/**
 * The conversation (header, messages, composer, media) is its own chunk (issue 28): /tickets shows
 * the list and the welcome panel first, and the conversation's code is fetched once the screen is
 * idle, or at once when the address names a ticket.
 */
const loadTicketView = () => import('./conversation/ticket-view');
const TicketView = lazy(async () => ({ default: (await loadTicketView()).TicketView }));

/** Below this width the list and the conversation share the screen as two tabs (spec part 1 §2). */
export const NARROW_WORKSPACE_QUERY = '(max-width: 899px)';

/** /tickets and /tickets/{uuid}: the ticket workspace (spec part 1 §2 "Ticket workspace"). */
export function TicketsPage() {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const { ticketId: uuid } = useParams();
  const client = useQueryClient();
  const narrow = useMediaQuery(NARROW_WORKSPACE_QUERY);
  const actions = useTicketActions();
  const [newTicketOpen, setNewTicketOpen] = useState(false);
  const [peeking, setPeeking] = useState<TicketDto | null>(null);
  const [mobileTab, setMobileTab] = useState<'ticket' | 'tickets'>(uuid ? 'ticket' : 'tickets');
  const [shownUuid, setShownUuid] = useState(uuid);
  if (uuid !== shownUuid) {
    // A ticket chosen (or left) elsewhere — a row, Accept, a notification — shows the matching tab.
    setShownUuid(uuid);
    setMobileTab(uuid ? 'ticket' : 'tickets');
  }

  // The ticket on screen was deleted elsewhere: say so and go back to the list (spec part 1 §4).
  useTicketsLiveSync((deletedId) => {
    const shown = uuid ? client.getQueryData<TicketDto>(ticketKeys.detail(uuid)) : undefined;
    if (shown?.id !== deletedId) return;
    notify.info(t('actions.ticketDeletedLive'));
    navigate('/tickets', { replace: true });
  });

  const open = (ticket: TicketDto) => navigate(`/tickets/${ticket.uuid}`);
  const manager = (
    <TicketsManager
      selectedUuid={uuid}
      onOpen={open}
      onAccept={(ticket) => void actions.accept(ticket)}
      onPeek={setPeeking}
      onNewTicket={() => setNewTicketOpen(true)}
      acceptingId={actions.busyId}
    />
  );
  const welcome = (
    <WelcomePanel>
      <EmptyState
        icon={<LuMessagesSquare />}
        title={t('welcome.title')}
        description={t('welcome.text')}
        action={
          narrow ? (
            <Button size="sm" colorPalette="brand" onClick={() => setMobileTab('tickets')} data-testid="select-ticket">
              {t('mobileTabs.select')}
            </Button>
          ) : undefined
        }
      />
    </WelcomePanel>
  );
  useEffect(() => afterFirstPaint(() => void loadTicketView()), []);
  const conversation = uuid ? (
    <Suspense fallback={<LoadingState />}>
      <TicketView uuid={uuid} onBack={narrow ? () => navigate('/tickets') : undefined} />
    </Suspense>
  ) : (
    welcome
  );

  return (
    <Box
      mx={{ base: '-4', md: '-8' }}
      my={{ base: '-5', md: '-8' }}
      h={{ base: 'calc(100dvh - 4rem)', md: 'calc(100dvh - 4rem)' }}
      overflow="hidden"
      data-testid="tickets-page"
    >
      {narrow ? (
        <Tabs.Root
          value={mobileTab}
          onValueChange={(d) => setMobileTab(d.value as 'ticket' | 'tickets')}
          fitted
          size="sm"
          h="full"
          display="flex"
          flexDirection="column"
        >
          <Tabs.List bg="bg.panel">
            <Tabs.Trigger value="ticket" data-testid="mobile-tab-ticket">
              {t('mobileTabs.ticket')}
            </Tabs.Trigger>
            <Tabs.Trigger value="tickets" data-testid="mobile-tab-tickets">
              {t('mobileTabs.tickets')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="ticket" flex="1" minH="0" p="0">
            {conversation}
          </Tabs.Content>
          <Tabs.Content value="tickets" flex="1" minH="0" p="0">
            {manager}
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        <Grid templateColumns="4fr 8fr" h="full">
          <Flex direction="column" minH="0" minW="0" borderEndWidth="1px" borderColor="border">
            {manager}
          </Flex>
          <Flex direction="column" minH="0" minW="0">
            {conversation}
          </Flex>
        </Grid>
      )}
      <NewTicketDialog open={newTicketOpen} onClose={() => setNewTicketOpen(false)} />
      <PeekDialog ticket={peeking} onClose={() => setPeeking(null)} />
    </Box>
  );
}
