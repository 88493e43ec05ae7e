import { useQueryClient } from '@tanstack/react-query';
import type { TicketDto } from '@atende/shared';
import { upsertMessageInCache } from '../api/messages';
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
        onTicketDeleted?.(data.ticketId);
        break;
    }
  });

  useAppMessageEvents((data) => {
    if (data.message?.id) upsertMessageInCache(client, data.message);
    if (data.ticket?.id) upsertTicketInCaches(client, data.ticket as TicketDto);
  });
}
