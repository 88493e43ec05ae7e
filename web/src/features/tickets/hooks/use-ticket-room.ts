/**
 * While a conversation is on screen its socket joins the ticket's room, so message updates
 * (acks, edits) addressed to the ticket's viewers reach it (ARCHITECTURE.md "Authenticated realtime").
 * Filled in when the typed realtime client lands (`joinTicket` / `leaveTicket`).
 */
export function useTicketRoom(ticketId: string): void {
  void ticketId;
}
