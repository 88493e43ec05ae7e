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
export const mayDeleteMessage = (
  viewer: Viewer,
  message: { userId: string | null; fromMe: boolean },
  ticket: TicketAccessFacts,
): boolean => ticket.status === 'open' && message.fromMe && message.userId === viewer.userId;

/** Admins sign by choice; userAlwaysSubmitSignature forces the signature on for everyone else. */
export const signatureForced = (viewer: Viewer, settings: PolicySettings): boolean =>
  !isAdmin(viewer) && settings.userAlwaysSubmitSignature === true;

/** A contact's WhatsApp lid is edited by admins only. */
export const mayEditContactLid = (viewer: Viewer): boolean => isAdmin(viewer);

// ---------------------------------------------------------------- transitions (spec part 1 §4 "Ticket")

export type TicketStatusValue = 'pending' | 'open' | 'closed';
export interface TicketState {
  status: TicketStatusValue;
  userId: string | null;
  queueId: string | null;
}
/** What PUT /tickets/{id} asks for: the target state; absent fields stay as they are. */
export interface TicketChangeRequest {
  status?: TicketStatusValue;
  userId?: string | null;
  queueId?: string | null;
}
export type TicketTransitionKind = 'accept' | 'return' | 'resolve' | 'reopen' | 'transfer' | 'none';
export type TicketTransition =
  | { ok: true; kind: TicketTransitionKind; next: TicketState }
  | {
      ok: false;
      code: 'ERR_VALIDATION' | 'ERR_NO_PERMISSION';
      reason: 'queueRequired' | 'invalidTransition' | 'assignOthers';
    };

/**
 * Decides which transition a PUT /tickets/{id} is, and the state after it:
 * - pending → open (userId me or absent): accept, assigned to the caller;
 * - open → pending: return, user cleared;
 * - open/pending → closed: resolve;
 * - closed → open: reopen with a queue (required unless admin), assigned to the caller;
 * - a new queue and/or a user (other than the accept case): transfer; queue only → pending without
 *   user, with a user → open assigned to them. A queue is required (non-admins);
 * - the state already asked for: none (a repeated click is not an error).
 * Visibility of the ticket itself is checked separately (`maySeeTicket`).
 */
export function ticketTransition(viewer: Viewer, current: TicketState, request: TicketChangeRequest): TicketTransition {
  const status = request.status ?? current.status;
  const queueChanged = request.queueId !== undefined && request.queueId !== current.queueId;
  const userChanged = request.userId !== undefined && request.userId !== current.userId;
  const queueId = request.queueId !== undefined ? request.queueId : current.queueId;

  if (status === 'closed' && !queueChanged && !userChanged) {
    return current.status === 'closed' ? same(current) : ok('resolve', { ...current, status: 'closed' });
  }
  if (current.status === 'closed' && status === 'open' && (!userChanged || request.userId === viewer.userId)) {
    if (!queueId && ticketNeedsQueue(viewer)) return { ok: false, code: 'ERR_VALIDATION', reason: 'queueRequired' };
    return ok('reopen', { status: 'open', userId: viewer.userId, queueId });
  }
  if (
    current.status === 'pending' &&
    status === 'open' &&
    !queueChanged &&
    (request.userId === undefined || request.userId === viewer.userId)
  ) {
    return ok('accept', { status: 'open', userId: viewer.userId, queueId: current.queueId });
  }
  if (current.status === 'open' && status === 'pending' && !queueChanged && !request.userId) {
    return ok('return', { status: 'pending', userId: null, queueId: current.queueId });
  }
  if (queueChanged || userChanged) {
    if (!queueId && ticketNeedsQueue(viewer)) return { ok: false, code: 'ERR_VALIDATION', reason: 'queueRequired' };
    const userId = request.userId !== undefined ? request.userId : null;
    return ok('transfer', userId ? { status: 'open', userId, queueId } : { status: 'pending', userId: null, queueId });
  }
  if (status === current.status) return same(current);
  return { ok: false, code: 'ERR_VALIDATION', reason: 'invalidTransition' };
}

const ok = (kind: TicketTransitionKind, next: TicketState): TicketTransition => ({ ok: true, kind, next });
const same = (current: TicketState): TicketTransition => ({ ok: true, kind: 'none', next: current });

/**
 * POST /tickets: operators open tickets for themselves; an admin may assign someone else.
 * The queue rule is `ticketNeedsQueue`.
 */
export const mayAssignTicketTo = (viewer: Viewer, userId: string | null): boolean =>
  userId === null || userId === viewer.userId || isAdmin(viewer);

/**
 * Which status lists a viewer reads for GET /tickets (spec part 1 §2 tabs): operators' "open" is
 * their own assigned tickets; with showAll (admins) every open ticket; "pending" every waiting
 * ticket of the queues they may see.
 */
export function ticketListScope(
  viewer: Viewer,
  status: TicketStatusValue,
  showAll: boolean,
): 'mine' | 'visibleQueues' | 'company' {
  if (showAll && mayShowAllTickets(viewer)) return 'company';
  if (status === 'open') return 'mine';
  return isAdmin(viewer) ? 'company' : 'visibleQueues';
}
