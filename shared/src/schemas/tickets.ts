/**
 * Tickets (spec part 1 §3 "Ticket", §4 "Ticket" transitions, §5 "New ticket"/"Transfer", §7 "/tickets").
 * The transitions themselves are decided by `ticketTransition` in policy/tickets.ts (API and console).
 */
import * as z from '../zod';
import { TICKET_STATUSES, type TicketStatus } from './ticket-statuses';
import type { Channel } from '../channel';
import { cursorSchema, idSchema, MSG, pageNumberSchema, searchParamSchema } from './common';
import type { ContactDto } from './contacts';
import type { TagDto } from './tags';
import type { QueueRef } from './users';

export const ticketStatusSchema = z.enum(TICKET_STATUSES);

/**
 * Message keys (`validation.ticket.*`, like `MSG` and `CONNECTION_MSG`) of the texts the spec fixes
 * for tickets; the console translates them (pt-BR verbatim from the spec: web/src/locales/workspace).
 */
export const TICKET_MSG = {
  selectQueue: 'validation.ticket.selectQueue',
  accessDenied: 'validation.ticket.accessDenied',
  deleted: 'validation.ticket.deleted',
  done: 'validation.ticket.done',
  // Not in the spec: answers for rules it implies (decisions.md, "Tickets").
  otherOpenTicket: 'validation.ticket.otherOpenTicket',
  notOpen: 'validation.ticket.notOpen',
  invalidTransition: 'validation.ticket.invalidTransition',
} as const;

/** 'true'/'false' (query strings) or a boolean. */
const queryBoolean = z.pipe(
  z.union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])]),
  z.transform((v) => v === true || v === 'true' || v === '1'),
);

/** Ids as the console sends them in a query string: a JSON array (`["a","b"]`), a comma list, or an array. */
const queryIdList = z.pipe(
  z.union([z.string().check(z.maxLength(4000)), z.array(z.string())]),
  z.transform((v: string | string[], ctx) => {
    let list: unknown = v;
    if (typeof v === 'string') {
      const text = v.trim();
      if (!text) return [];
      try {
        list = text.startsWith('[') ? JSON.parse(text) : text.split(',');
      } catch {
        list = null;
      }
    }
    if (!Array.isArray(list) || list.length > 100) {
      ctx.issues.push({ code: 'custom', message: 'Invalid id list', input: v });
      return z.NEVER;
    }
    return list
      .map((x) => (typeof x === 'object' && x && 'id' in x ? String((x as { id: unknown }).id) : String(x)).trim())
      .filter((x) => x.length > 0 && x.length <= 64);
  }),
);

/** `YYYY-MM-DD` (a day in the company's time zone; UTC until the company has one). */
const dayOrEmpty = z.pipe(
  z.string().check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/)),
  z.transform((v: string) => v || undefined),
);

/**
 * GET /tickets. `status` picks the list (open = assigned to me, or every visible open ticket with
 * showAll; pending = my queues' waiting tickets; closed); `searchParam` searches contact name, number
 * and message text (the search tab, any status unless `status` is given). `cursor` continues a list
 * (preferred); `pageNumber` re-reads the skipped pages. Lists are newest activity first.
 */
export const listTicketsQuerySchema = z.object({
  searchParam: searchParamSchema,
  pageNumber: pageNumberSchema,
  cursor: cursorSchema,
  status: z.optional(
    z.union([
      ticketStatusSchema,
      z.pipe(
        z.literal(''),
        z.transform(() => undefined),
      ),
    ]),
  ),
  showAll: z._default(queryBoolean, false),
  withUnreadMessages: z._default(queryBoolean, false),
  tags: z._default(queryIdList, []),
  users: z._default(queryIdList, []),
  queueIds: z._default(queryIdList, []),
  /** Tickets created on this day. */
  date: z.optional(dayOrEmpty),
  /** Tickets whose last activity was on this day. */
  updatedAt: z.optional(dayOrEmpty),
});
export type ListTicketsQuery = z.infer<typeof listTicketsQuerySchema>;

const nullableId = z.pipe(
  z.transform((v: unknown) => (v === '' || v === undefined ? null : v)),
  z.nullable(idSchema),
);

/**
 * POST /tickets (the new-ticket modal). A queue is required unless the user is an admin
 * ('Selecione uma fila'). `whatsappId` defaults to the company's default connection.
 * `status` defaults to open (assigned to the caller); `userId` other than the caller needs admin.
 */
export const createTicketSchema = z.object({
  contactId: idSchema,
  queueId: z.optional(nullableId),
  userId: z.optional(nullableId),
  status: z._default(z.enum(['open', 'pending']), 'open'),
  whatsappId: z.optional(nullableId),
});
export type CreateTicketInput = z.infer<typeof createTicketSchema>;

/**
 * PUT /tickets/{id}: the target state; the transition is inferred (`ticketTransition`):
 * accept `{status:'open', userId: me}`, return `{status:'pending', userId:null}`, resolve
 * `{status:'closed'}`, reopen `{status:'open', queueId}`, transfer `{queueId, userId?}`.
 */
export const updateTicketSchema = z.object({
  status: z.optional(ticketStatusSchema),
  userId: z.optional(nullableId),
  queueId: z.optional(nullableId),
  /** Whaticket compatibility: a connection change on transfer; only the ticket's own connection is accepted. */
  whatsappId: z.optional(nullableId),
});
export type UpdateTicketInput = z.infer<typeof updateTicketSchema>;

export const ticketIdSchema = z.object({ id: idSchema });
export const ticketUuidSchema = z.object({ uuid: z.string().check(z.regex(/^[0-9a-f-]{36}$/i)) });

// ---------------------------------------------------------------- ticket notes

export const createTicketNoteSchema = z.object({
  note: z.string({ error: MSG.required }).check(z.trim(), z.minLength(2, MSG.tooShort), z.maxLength(5000, MSG.tooLong)),
  ticketId: idSchema,
  contactId: z.optional(idSchema),
});
export type CreateTicketNoteInput = z.infer<typeof createTicketNoteSchema>;

/** GET /ticket-notes/list?ticketId&contactId — the notes of one ticket (contactId is checked against it). */
export const listTicketNotesQuerySchema = z.object({ ticketId: idSchema, contactId: z.optional(idSchema) });

/** Message keys of the notes' confirmations (`validation.ticket.*`). */
export const TICKET_NOTE_MSG = {
  added: 'validation.ticket.noteAdded',
  deleted: 'validation.ticket.noteDeleted',
} as const;

export interface TicketNoteDto {
  id: string;
  note: string;
  ticketId: string;
  contactId: string;
  userId: string;
  user: { id: string; name: string };
  createdAt: string;
}

// ---------------------------------------------------------------- answers and realtime payloads

export interface TicketDto {
  id: string;
  /** The id in the console's URL (/tickets/{uuid}). */
  uuid: string;
  status: TicketStatus;
  contactId: string;
  contact: ContactDto;
  userId: string | null;
  user: { id: string; name: string } | null;
  queueId: string | null;
  queue: QueueRef | null;
  whatsappId: string;
  whatsapp: { id: string; name: string; channel: Channel } | null;
  channel: Channel;
  unreadMessages: number;
  /** Text of the last message (or a media label such as '📷 Imagem'), '' before the first one. */
  lastMessage: string;
  lastMessageAt: string | null;
  /**
   * Grows with every write of `lastMessage` and `unreadMessages` (a landing, a read): of two events
   * that reach a console out of order, the one with the greater version has the later text and count.
   */
  activityVersion: number;
  tags: TagDto[];
  /** A bot is talking to the customer (queue menu, options): operators see it as pending. */
  chatbot: boolean;
  isGroup: boolean;
  createdAt: string;
  /** Last activity: lists are sorted by it, newest first. */
  updatedAt: string;
}

/**
 * GET /tickets. `count`: for a status list (no search), the number of tickets in the list for the
 * caller (maintained counters, O(queues)); for a search, the matches up to the end of this page — at
 * least that many while `hasMore`, the total on the last page (counting every match would read them all).
 * `cursor` continues the list; `pageNumber` (without a cursor) reads the same pages by number.
 */
export interface TicketListAnswer {
  tickets: TicketDto[];
  count: number;
  hasMore: boolean;
  cursor?: string;
}

// `company-<cid>-ticket` payloads: TicketRealtimeData<TicketDto> in realtime.ts (update, tagUpdate, delete, updateUnread).
