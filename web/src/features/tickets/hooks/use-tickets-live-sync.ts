import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TicketDto } from '@atende/shared';
import { upsertMessageInCache } from '../api/messages';
import { ticketKeys } from '../api/keys';
import { patchTicketFields, removeTicketFromCaches, upsertTicketInCaches } from '../api/ticket-cache';
import { useAppMessageEvents, useTicketEvents } from './realtime-bridge';

/**
 * Live events patch the workspace's caches by key (TkDodo, "Using WebSockets with React Query"):
 * a ticket event moves the row between lists, a message event lands in its conversation. Every
 * patch is idempotent, so the page and the top bar's popover may both mount this.
 */
export function useTicketsLiveSync(onTicketDeleted?: (ticketId: string) => void): void {
  const client = useQueryClient();

  useTicketEvents((data) => {
    switch (data.action) {
      case 'update':
      case 'tagUpdate':
        if (data.ticket?.id) upsertTicketInCaches(client, data.ticket as TicketDto);
        break;
      case 'updateUnread':
        patchTicketFields(client, data.ticketId, { unreadMessages: data.unreadMessages ?? 0 });
        break;
      case 'delete':
        removeTicketFromCaches(client, data.ticketId);
        // Moved (transfer, accept, return): it only left this audience. Whoever still sees it gets the
        // update next; a conversation on screen is re-read, and a 403 there says 'Acesso não permitido'.
        if (data.reason === 'moved') refreshShownTicket(client, data.ticketId);
        else onTicketDeleted?.(data.ticketId);
        break;
    }
  });

  useAppMessageEvents((data) => {
    if (data.message?.id) upsertMessageInCache(client, data.message);
    if (data.ticket?.id) upsertTicketInCaches(client, data.ticket as TicketDto);
  });
}

function refreshShownTicket(client: QueryClient, ticketId: string): void {
  void client.invalidateQueries({
    queryKey: ticketKeys.details(),
    predicate: (query) => (query.state.data as TicketDto | undefined)?.id === ticketId,
  });
}
