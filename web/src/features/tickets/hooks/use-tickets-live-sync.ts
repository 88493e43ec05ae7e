import { useQueryClient } from '@tanstack/react-query';
import { realtimeChannel, type AppMessageRealtimeData, type TicketDto, type TicketRealtimeData } from '@atende/shared';
import { useRealtime } from '@/lib/realtime';
import { upsertMessageInCache } from '../api/messages';
import { patchTicketFields, removeTicketFromCaches, upsertTicketInCaches } from '../api/ticket-cache';
import { useViewer } from './use-viewer';

/**
 * Live events patch the workspace's caches by key (TkDodo, "Using WebSockets with React Query"):
 * a ticket event moves the row between lists, a message event lands in its conversation. Every
 * patch is idempotent, so the page and the top bar's popover may both mount this.
 */
export function useTicketsLiveSync(onTicketDeleted?: (ticketId: string) => void): void {
  const client = useQueryClient();
  const { companyId } = useViewer();

  useRealtime<TicketRealtimeData>(companyId ? realtimeChannel.ticket(companyId) : null, (data) => {
    switch (data.action) {
      case 'update':
      case 'tagUpdate':
        if (data.ticket?.id) upsertTicketInCaches(client, data.ticket as TicketDto);
        break;
      case 'updateUnread':
        patchTicketFields(client, data.ticketId, { unreadMessages: 0 });
        break;
      case 'delete':
        removeTicketFromCaches(client, data.ticketId);
        onTicketDeleted?.(data.ticketId);
        break;
    }
  });

  useRealtime<AppMessageRealtimeData>(companyId ? realtimeChannel.appMessage(companyId) : null, (data) => {
    if (data.message?.id) upsertMessageInCache(client, data.message);
    if (data.ticket?.id) upsertTicketInCaches(client, data.ticket as TicketDto);
  });
}
