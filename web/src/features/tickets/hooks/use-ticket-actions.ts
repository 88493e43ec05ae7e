import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '@/lib/toaster';
import { ticketKeys } from '../api/keys';
import { refreshTicketDetail } from '../api/ticket-cache';
import { useDeleteTicket, useUpdateTicket, type TicketUpdate } from '../api/tickets';
import type { TicketDto } from '../api/types';
import { isTicketGone, notifyTicketGone } from '../lib/ticket-gone';
import { useViewer } from './use-viewer';

/**
 * The ticket transitions of spec part 1 §4, each one PUT. Accepting opens the ticket; returning,
 * resolving and deleting leave it (back to the list).
 */
export function useTicketActions() {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const client = useQueryClient();
  const { viewer } = useViewer();
  const update = useUpdateTicket();
  const remove = useDeleteTicket();
  const [busyId, setBusyId] = useState<string | null>(null);

  const run = async (ticket: TicketDto, change: TicketUpdate, after?: (saved: TicketDto) => void): Promise<boolean> => {
    setBusyId(ticket.id);
    try {
      const saved = await update.mutateAsync({ ticket, update: change });
      after?.(saved ?? { ...ticket, ...change });
      return true;
    } catch (error) {
      if (isTicketGone(error)) {
        // Out of the viewer's reach since the list showed it (transferred away, deleted), or this move
        // is not theirs to make: the lists and a conversation showing it are read again (the server
        // says what stays; a row out of reach goes), and all of that says it once.
        void client.invalidateQueries({ queryKey: ticketKeys.lists() });
        refreshTicketDetail(client, ticket.id);
        notifyTicketGone(error, t('actions.accessDenied'));
      } else notify.error(error);
      return false;
    } finally {
      setBusyId(null);
    }
  };

  const me = viewer?.userId ?? null;
  return {
    busyId,
    accept: (ticket: TicketDto) =>
      run(ticket, { status: 'open', userId: me }, (saved) => navigate(`/tickets/${saved.uuid ?? ticket.uuid}`)),
    giveBack: (ticket: TicketDto) => run(ticket, { status: 'pending', userId: null }, () => navigate('/tickets')),
    resolve: (ticket: TicketDto) => run(ticket, { status: 'closed' }, () => navigate('/tickets')),
    reopen: (ticket: TicketDto, queueId: string | null) =>
      run(ticket, { status: 'open', userId: me, queueId }, (saved) => navigate(`/tickets/${saved.uuid ?? ticket.uuid}`)),
    /** Only a queue: the ticket waits in that queue; a queue and a user: it is theirs (spec part 1 §4). */
    transfer: (ticket: TicketDto, queueId: string, userId: string | null) =>
      run(ticket, { queueId, userId }, () => navigate('/tickets')),
    remove: async (ticket: TicketDto) => {
      try {
        await remove.mutateAsync(ticket);
        notify.success(t('actions.deleted'));
        navigate('/tickets');
        return true;
      } catch (error) {
        notify.error(error);
        return false;
      }
    },
  };
}

export type TicketActions = ReturnType<typeof useTicketActions>;
