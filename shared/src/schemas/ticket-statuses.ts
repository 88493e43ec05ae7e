/** A ticket's statuses (spec part 1 §3), apart from the ticket schemas so that code needing only the list stays small. */
export const TICKET_STATUSES = ['pending', 'open', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
