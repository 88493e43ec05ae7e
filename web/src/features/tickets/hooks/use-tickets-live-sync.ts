import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { TicketDto } from '@atende/shared';
import { ticketKeys } from '../api/keys';
import { upsertMessageInCache } from '../api/messages';
import { patchTicketFields, refreshTicketDetail, removeTicketFromCaches, upsertTicketInCaches } from '../api/ticket-cache';
import { useAppMessageEvents, useTicketEvents } from './realtime-bridge';
import { useViewer } from './use-viewer';

/**
 * Live events patch the workspace's caches by key (TkDodo, "Using WebSockets with React Query"):
 * a ticket event moves the row between lists, a message event lands in its conversation. Every
 * patch is idempotent, so the page and the top bar's popover may both mount this. Rows are kept
 * only while the shared policy lets the viewer see them (`ticketMatchesList`), so when the viewer's
 * own reach changes (their queues, the company's userViewTicketsWithoutDepartment) the lists are
 * read again: the server knows which tickets came into reach.
 */
export function useTicketsLiveSync(onTicketDeleted?: (ticketId: string) => void): void {
  const client = useQueryClient();
  useListsFollowReach(client);

  useTicketEvents((data) => {
    switch (data.action) {
      case 'update':
      case 'tagUpdate':
        if (data.ticket?.id) upsertTicketInCaches(client, data.ticket as TicketDto);
        break;
      case 'updateUnread':
        patchTicketFields(client, data.ticketId, {
          unreadMessages: data.unreadMessages ?? 0,
          ...(data.activityVersion !== undefined ? { activityVersion: data.activityVersion } : {}),
        });
        break;
      case 'delete':
        removeTicketFromCaches(client, data.ticketId);
        // Moved (transfer, accept, return): it only left this audience. Whoever still sees it gets the
        // update next; a conversation on screen is re-read, and a 403 there says 'Acesso não permitido'
        // — unless this console is moving it itself: its own answer settles the screen.
        if (data.reason !== 'moved') onTicketDeleted?.(data.ticketId);
        else if (!changingTicket(client, data.ticketId)) refreshTicketDetail(client, data.ticketId);
        break;
    }
  });

  useAppMessageEvents((data) => {
    if (data.message?.id) upsertMessageInCache(client, data.message);
    if (data.ticket?.id) upsertTicketInCaches(client, data.ticket as TicketDto);
  });
}

/** Whether this console's own change of the ticket (PUT /tickets/{id}) is under way. */
const changingTicket = (client: QueryClient, ticketId: string): boolean =>
  client.isMutating({
    predicate: (mutation) => (mutation.state.variables as { ticket?: TicketDto } | undefined)?.ticket?.id === ticketId,
  }) > 0;

function useListsFollowReach(client: QueryClient): void {
  const { viewer, settings } = useViewer();
  const reach = JSON.stringify([viewer?.profile, viewer?.queueIds ?? [], settings.userViewTicketsWithoutDepartment]);
  const seen = useRef(reach);
  useEffect(() => {
    if (seen.current === reach) return;
    seen.current = reach;
    void client.invalidateQueries({ queryKey: ticketKeys.lists() });
  }, [client, reach]);
}
