import { Flex } from '@chakra-ui/react';
import { mayDeleteMessage, mayReplyToTicket } from '@atende/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadingState } from '@/components/loading-state';
import { notify } from '@/lib/toaster';
import { useDeleteMessage } from '../../api/messages';
import { patchTicketFields } from '../../api/ticket-cache';
import { useTicket } from '../../api/tickets';
import type { Message, TicketDto } from '../../api/types';
import { useTicketActions } from '../../hooks/use-ticket-actions';
import { useTicketRoom } from '../../hooks/realtime-bridge';
import { useReadOnArrival } from '../../hooks/use-read-on-arrival';
import { useViewer } from '../../hooks/use-viewer';
import { isTicketGone, notifyTicketGone } from '../../lib/ticket-gone';
import { ContactDialog, ContactDrawer, ReopenDialog, ScheduleDialog, TransferDialog } from '../on-demand';
import { ChannelWindowNotice } from './channel-window-notice';
import { MessageInput } from './message-input';
import { MessageList } from './message-list';
import { TicketTags } from './ticket-tags';
import { TicketHeader, type TicketDialogKind } from './ticket-header';

/** /tickets/{uuid}: the conversation. A ticket the user may not see sends them back to /tickets. */
export function TicketView({ uuid, onBack }: { uuid: string; onBack?: () => void }) {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const query = useTicket(uuid);
  const error = query.error;

  useEffect(() => {
    if (!error) return;
    if (isTicketGone(error)) notifyTicketGone(error, t('actions.accessDenied'));
    else notify.error(error);
    navigate('/tickets', { replace: true });
  }, [error, navigate, t]);

  if (!query.data) return <LoadingState />;
  return <Conversation key={query.data.id} ticket={query.data} onBack={onBack} />;
}

function Conversation({ ticket, onBack }: { ticket: TicketDto; onBack?: () => void }) {
  const { t } = useTranslation('tickets');
  const client = useQueryClient();
  const { viewer, settings } = useViewer();
  const actions = useTicketActions();
  const deleteMessage = useDeleteMessage();
  const [dialog, setDialog] = useState<TicketDialogKind | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [editingContact, setEditingContact] = useState(false);
  const [replyingTo, setReplyingTo] = useState<Message | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  useTicketRoom(ticket.id);

  // Opening the ticket reads its messages (the API resets the count and tells the channel): the row's
  // badge goes. Messages arriving while the ticket is on screen are read too, gathered into few reads.
  const opened = useRef(false);
  const readArrivals = useReadOnArrival(ticket.id);
  useEffect(() => {
    if (ticket.unreadMessages <= 0) return;
    patchTicketFields(client, ticket.id, { unreadMessages: 0 });
    if (opened.current) readArrivals();
  }, [client, ticket.id, ticket.unreadMessages, readArrivals]);
  useEffect(() => {
    opened.current = true;
  }, []);

  const canReply = viewer ? mayReplyToTicket(viewer, ticket, settings) : false;
  const canDelete = (message: Message) =>
    viewer ? mayDeleteMessage(viewer, { userId: message.userId ?? null, fromMe: message.fromMe }, ticket) : false;
  const closeDialog = () => setDialog(null);

  return (
    <Flex direction="column" h="full" minH="0" bg={{ _light: '#efeae2', _dark: '#0b141a' }} data-testid="conversation">
      <TicketHeader
        ticket={ticket}
        actions={actions}
        onBack={onBack}
        onOpenContact={() => setDrawerOpen(true)}
        onDialog={setDialog}
      />
      <TicketTags ticket={ticket} />
      <ChannelWindowNotice ticket={ticket} />
      <MessageList
        key={ticket.id}
        ticketId={ticket.id}
        onReply={canReply ? setReplyingTo : undefined}
        canDelete={canDelete}
        onDelete={setDeleting}
      />
      <MessageInput
        ticketId={ticket.id}
        enabled={canReply}
        replyingTo={replyingTo}
        onCancelReply={() => setReplyingTo(null)}
      />

      <ContactDrawer
        ticket={ticket}
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        onEdit={() => setEditingContact(true)}
      />
      <ContactDialog open={editingContact} contactId={ticket.contactId} onClose={() => setEditingContact(false)} />
      {dialog === 'reopen' ? (
        <ReopenDialog ticket={ticket} open onClose={closeDialog} onReopen={(queueId) => actions.reopen(ticket, queueId)} />
      ) : null}
      {dialog === 'transfer' ? (
        <TransferDialog
          open
          onClose={closeDialog}
          onTransfer={(queueId, userId) => actions.transfer(ticket, queueId, userId)}
        />
      ) : null}
      {dialog === 'schedule' ? <ScheduleDialog ticket={ticket} open onClose={closeDialog} /> : null}
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('actions.deleteTitle', { name: ticket.contact.name })}
        destructive
        confirmLabel={t('actions.delete')}
        onClose={closeDialog}
        onConfirm={() => void actions.remove(ticket).then((done) => done && closeDialog())}
      >
        {t('actions.deleteText')}
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('messages.deleteTitle')}
        destructive
        confirmLabel={t('messages.delete')}
        loading={deleteMessage.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          deleteMessage.mutate(deleting, {
            onSuccess: () => setDeleting(null),
            onError: (err) => notify.error(err),
          })
        }
      >
        {t('messages.deleteText')}
      </ConfirmDialog>
    </Flex>
  );
}
