/**
 * The workspace's only contact with the realtime client (web/src/lib/realtime.ts), so the typed
 * client (`useRealtime(kind, handler)`, `useTicketRoom`) lands by changing this one file.
 */
import { realtimeChannel, type AppMessageRealtimeData, type TicketRealtimeData } from '@atende/shared';
import { useRealtime } from '@/lib/realtime';
import { useViewer } from './use-viewer';

export function useTicketEvents(handler: (data: TicketRealtimeData) => void): void {
  const { companyId } = useViewer();
  useRealtime<TicketRealtimeData>(companyId ? realtimeChannel.ticket(companyId) : null, handler);
}

export function useAppMessageEvents(handler: (data: AppMessageRealtimeData) => void): void {
  const { companyId } = useViewer();
  useRealtime<AppMessageRealtimeData>(companyId ? realtimeChannel.appMessage(companyId) : null, handler);
}

/**
 * While a conversation is on screen its socket should join the ticket's room (`joinTicket`), so
 * per-viewer events (acks, edits) reach it. The client that sends the frame comes with the typed
 * realtime client; until then this is a no-op and those events arrive through the ticket audience.
 */
export function useTicketRoom(ticketId: string): void {
  void ticketId;
}
