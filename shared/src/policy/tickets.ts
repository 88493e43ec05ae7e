/** Tickets (spec part 1 §4 "Ticket", §5, §6). */
import { isAdmin, type PolicySettings, type Viewer } from './viewer';

export interface TicketAccessFacts {
  queueId: string | null;
  userId: string | null;
  status?: 'pending' | 'open' | 'closed';
}

/**
 * Whether the viewer may see tickets of this queue at all (the realtime `queue` audience uses it).
 * Admins see every queue; operators their own queues, and queue-less tickets only when the company
 * enables userViewTicketsWithoutDepartment.
 */
export function maySeeQueue(viewer: Viewer, queueId: string | null, settings: PolicySettings): boolean {
  if (isAdmin(viewer)) return true;
  if (queueId === null) return settings.userViewTicketsWithoutDepartment === true;
  return (viewer.queueIds ?? []).includes(queueId);
}

/** A ticket is visible to whoever may see its queue, and always to the user it is assigned to. */
export const maySeeTicket = (viewer: Viewer, ticket: TicketAccessFacts, settings: PolicySettings): boolean =>
  ticket.userId === viewer.userId || maySeeQueue(viewer, ticket.queueId, settings);

/** 'show all', the user filter of the search tab, peeking and deleting tickets: admins only. */
export const mayShowAllTickets = (viewer: Viewer): boolean => isAdmin(viewer);
export const mayFilterTicketsByUser = (viewer: Viewer): boolean => isAdmin(viewer);
export const mayPeekTicket = (viewer: Viewer): boolean => isAdmin(viewer);
export const mayDeleteTicket = (viewer: Viewer): boolean => isAdmin(viewer);

/** New ticket and reopen need a queue unless the user is an admin ('Selecione uma fila'). */
export const ticketNeedsQueue = (viewer: Viewer): boolean => !isAdmin(viewer);

/** Replies and deletes happen only while the ticket is open (spec part 1 §4). */
export const mayReplyToTicket = (viewer: Viewer, ticket: TicketAccessFacts, settings: PolicySettings): boolean =>
  ticket.status === 'open' && maySeeTicket(viewer, ticket, settings);

/** Only own messages, only while the ticket is open. */
export const mayDeleteMessage = (viewer: Viewer, message: { userId: string | null; fromMe: boolean }, ticket: TicketAccessFacts): boolean =>
  ticket.status === 'open' && message.fromMe && message.userId === viewer.userId;

/** Admins sign by choice; userAlwaysSubmitSignature forces the signature on for everyone else. */
export const signatureForced = (viewer: Viewer, settings: PolicySettings): boolean =>
  !isAdmin(viewer) && settings.userAlwaysSubmitSignature === true;

/** A contact's WhatsApp lid is edited by admins only. */
export const mayEditContactLid = (viewer: Viewer): boolean => isAdmin(viewer);
