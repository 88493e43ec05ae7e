/**
 * The workspace's only contact with the realtime client (web/src/lib/realtime.ts): the typed
 * `useRealtime(kind, handler)` on the session's company, and the ticket room of the conversation
 * on screen (`joinTicket`), which brings that ticket's per-viewer events (acks, edits, deletes).
 */
import type { RealtimeEvents } from '@atende/shared';
import { useRealtime, useTicketRoom as useRealtimeTicketRoom } from '@/lib/realtime';

export function useTicketEvents(handler: (data: RealtimeEvents['ticket']) => void): void {
  useRealtime('ticket', handler);
}

export function useAppMessageEvents(handler: (data: RealtimeEvents['appMessage']) => void): void {
  useRealtime('appMessage', handler);
}

export function useTicketRoom(ticketId: string): void {
  useRealtimeTicketRoom(ticketId);
}
