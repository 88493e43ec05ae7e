/**
 * The realtime contract (spec part 1 §4 "Real-time events handled in this area", part 2 §7): which
 * channels exist, what each one carries, who receives it, and what a console may say back. The
 * publisher (functions/src/platform/realtime-publisher.ts), the fan-out and the console's
 * `useRealtime` (web/src/lib/realtime.ts) are all typed by `RealtimeEvents`, so a payload changes in
 * one place. Every channel is scoped to one company.
 */
import * as z from './zod';
import { maySeeTicket } from './policy/tickets';
import { isAdmin, type PolicySettings, type Viewer } from './policy/viewer';
import type { ConnectionDto } from './schemas/whatsapp';
import type { ContactDto } from './schemas/contacts';
import type { MessageDto } from './schemas/messages';
import type { CompanyDto, UserDto } from './schemas/users';
import type { AnnouncementDto } from './schemas/announcements';
import type { ScheduleDto } from './schemas/schedules';
import type { CampaignDto } from './schemas/campaigns';
import type { TagDto } from './schemas/tags';
import type { QuickMessageDto } from './schemas/quick-messages';
import type { QueueDto } from './schemas/queues';
import type { QueueIntegrationRealtimeData } from './schemas/queue-integrations';
import type { ChatDto, ChatMessageDto } from './schemas/chats';
import type { ContactListDto, ContactListItemDto } from './schemas/contact-lists';

// ---------------------------------------------------------------------------------------------
// Payloads
// ---------------------------------------------------------------------------------------------

/**
 * What a ticket event must carry at least: enough to place it in a list and to judge who may see
 * it. The tickets area sends its full DTO (structurally a TicketSummary) and may narrow this type.
 */
export interface TicketSummary {
  id: string;
  status: 'pending' | 'open' | 'closed';
  queueId: string | null;
  userId: string | null;
  contactId?: string;
  unreadMessages?: number;
  updatedAt?: string;
}

/**
 * `company-<cid>-ticket` (spec part 1 §4). A `delete` with `reason: 'moved'` is not a deletion: the
 * ticket left this audience (transfer, accept, return) and an `update` follows for whoever still sees it.
 */
export type TicketRealtimeData<T extends TicketSummary = TicketSummary> =
  | { action: 'update'; ticket: T }
  | { action: 'delete'; ticketId: string; reason?: 'moved' }
  | { action: 'updateUnread'; ticketId: string; unreadMessages: number; activityVersion?: number }
  | { action: 'tagUpdate'; ticket: T };

/** `company-<cid>-whatsapp` */
export type WhatsappRealtimeData = { action: 'update'; whatsapp: ConnectionDto } | { action: 'delete'; whatsappId: string };
/** `company-<cid>-whatsappSession` */
export type WhatsappSessionRealtimeData = { action: 'update'; session: ConnectionDto };
/**
 * `company-<cid>-appMessage`: a new message carries its ticket (the tickets area sends its full
 * `TicketDto`) to whoever may see it; an update (ack, edit, delete) goes to the ticket's viewers without it.
 */
export type AppMessageRealtimeData = {
  action: 'create' | 'update';
  message: MessageDto;
  contact: ContactDto;
  ticket?: TicketSummary;
};
/** `company-<cid>-contact` */
export type ContactRealtimeData = { action: 'update'; contact: ContactDto } | { action: 'delete'; contactId: string };
/** `company-<cid>-user`: lists update; a user who sees themself deleted or deactivated is logged out. */
export type UserRealtimeData = { action: 'update'; user: UserDto } | { action: 'delete'; userId: string };
/**
 * `company-<cid>-auth`, always to one user's sockets:
 * - `update`: that user signed in elsewhere (spec part 1 §9, "account used on another device");
 * - `revoked`: the server dropped this socket because its user was deleted or deactivated; the
 *   console logs out (a socket closed for an expired token gets no frame: the console reconnects).
 */
export type AuthRealtimeData =
  { action: 'update'; user: { id: string }; sessionId?: string } | { action: 'revoked'; reason: 'deleted' | 'deactivated' };
/** `company-<cid>-changed` */
export type CompanyRealtimeData =
  { action: 'update'; company: Partial<CompanyDto> & { id: string } } | { action: 'delete'; companyId: string };

/**
 * `company-<cid>-payment`: an invoice of the company was paid (spec part 2 §7); the checkout shows
 * its thank-you or renewal toast with the new due date.
 */
export type PaymentRealtimeData = { action: 'CONCLUIDA'; company: Partial<CompanyDto> & { id: string }; dueDate: string };
/** `company-<cid>-announcement`: the platform's announcements changed (spec part 3 "Announcements"). */
export type AnnouncementRealtimeData =
  { action: 'create' | 'update'; record: AnnouncementDto } | { action: 'delete'; id: string };

/** `company-<cid>-schedule` (spec part 3 "Real-time channels"): the company's scheduled messages changed. */
export type ScheduleRealtimeData = { action: 'update'; schedule: ScheduleDto } | { action: 'delete'; scheduleId: string };

/** `company-<cid>-queue` (spec part 3 "Real-time channels"): the company's queues changed. */
export type QueueRealtimeData = { action: 'create' | 'update'; queue: QueueDto } | { action: 'delete'; queueId: string };

/**
 * `company-<cid>-tag`: the company's tags changed (the Tags page; the spec lists tags under 'user',
 * whose payloads are users: a channel of their own keeps both typed, decisions.md).
 */
export type TagRealtimeData = { action: 'create' | 'update'; tag: TagDto } | { action: 'delete'; tagId: string };

/** `company-<cid>-ContactList` (spec part 3 §4 "Real-time channels"): the company's campaign contact lists changed. */
export type ContactListRealtimeData =
  { action: 'create' | 'update'; record: ContactListDto } | { action: 'delete'; id: string };

/**
 * `company-<cid>-ContactListItem` (spec part 3 §4: "also per list"; the list's id travels in every
 * payload): an item changed, or `reload` after an import or a bulk add (one event, not one per row).
 */
export type ContactListItemRealtimeData =
  | { action: 'create' | 'update'; contactListId: string; record: ContactListItemDto }
  | { action: 'delete'; contactListId: string; id: string }
  | { action: 'reload'; contactListId: string };

/** `company-<cid>-quickmessage` (spec part 3 "Real-time channels"): a quick reply changed. */
export type QuickMessageRealtimeData =
  { action: 'create' | 'update'; record: QuickMessageDto } | { action: 'delete'; id: string };

/**
 * `company-<cid>-chat` (spec part 3 §4 "Chat live updates"), always addressed to the chat's members
 * (audience `users`), never company-wide. `chat` carries every member's unreads (spec §3), so each
 * recipient reads its own; a member removed by an edit gets `delete`.
 */
export type ChatRealtimeData =
  | { action: 'create' | 'update'; chat: ChatDto }
  | { action: 'delete'; chatId: string }
  | { action: 'new-message'; chat: ChatDto; message: ChatMessageDto };

/** `company-<cid>-campaign` (spec part 3 §4 "Real-time channels"): a campaign was saved, changed status or deleted. */
export type CampaignRealtimeData = { action: 'create' | 'update'; record: CampaignDto } | { action: 'delete'; id: string };

/** The channel → payload map. Add a channel here (and its name below); everything else follows. */
export interface RealtimeEvents {
  whatsapp: WhatsappRealtimeData;
  whatsappSession: WhatsappSessionRealtimeData;
  user: UserRealtimeData;
  auth: AuthRealtimeData;
  companyChanged: CompanyRealtimeData;
  appMessage: AppMessageRealtimeData;
  contact: ContactRealtimeData;
  /** The tickets area sends its full `TicketDto` (structurally a summary; the console may narrow). */
  ticket: TicketRealtimeData;
  payment: PaymentRealtimeData;
  announcement: AnnouncementRealtimeData;
  schedule: ScheduleRealtimeData;
  tag: TagRealtimeData;
  quickMessage: QuickMessageRealtimeData;
  contactList: ContactListRealtimeData;
  contactListItem: ContactListItemRealtimeData;
  queue: QueueRealtimeData;
  queueIntegration: QueueIntegrationRealtimeData;
  campaign: CampaignRealtimeData;
  chat: ChatRealtimeData;
}
export type RealtimeChannelKind = keyof RealtimeEvents;

/** Channel names on the wire (spec part 1 §4, part 2 §7). */
export const realtimeChannel: { readonly [K in RealtimeChannelKind]: (companyId: string) => string } = {
  whatsapp: (companyId) => `company-${companyId}-whatsapp`,
  whatsappSession: (companyId) => `company-${companyId}-whatsappSession`,
  user: (companyId) => `company-${companyId}-user`,
  auth: (companyId) => `company-${companyId}-auth`,
  companyChanged: (companyId) => `company-${companyId}-changed`,
  appMessage: (companyId) => `company-${companyId}-appMessage`,
  contact: (companyId) => `company-${companyId}-contact`,
  ticket: (companyId) => `company-${companyId}-ticket`,
  payment: (companyId) => `company-${companyId}-payment`,
  announcement: (companyId) => `company-${companyId}-announcement`,
  schedule: (companyId) => `company-${companyId}-schedule`,
  tag: (companyId) => `company-${companyId}-tag`,
  quickMessage: (companyId) => `company-${companyId}-quickmessage`,
  contactList: (companyId) => `company-${companyId}-ContactList`,
  contactListItem: (companyId) => `company-${companyId}-ContactListItem`,
  queue: (companyId) => `company-${companyId}-queue`,
  queueIntegration: (companyId) => `company-${companyId}-queueIntegration`,
  campaign: (companyId) => `company-${companyId}-campaign`,
  chat: (companyId) => `company-${companyId}-chat`,
};

/** What travels over the WebSocket: one envelope, the channel name plus the payload. */
export interface RealtimeEnvelope<K extends RealtimeChannelKind = RealtimeChannelKind> {
  channel: string;
  data: RealtimeEvents[K];
}

/**
 * Packed frames (wire version 2, opt-in): a socket opened with `?frames=batch` receives, per fan-out
 * batch, ONE frame `{ "frames": [envelope, …] }` holding every event of the batch it may see, in
 * publish order per ticket/contact/company, instead of one frame per event. Sockets opened without it
 * (integrations, older consoles) keep receiving plain envelopes. A frame never exceeds
 * `REALTIME_PACKED_FRAME_MAX_BYTES` (API Gateway accepts up to 128 KB per post); an envelope too big to
 * share one goes alone, as a plain envelope. Readers accept both shapes (`unpackRealtimeFrame`).
 */
export const REALTIME_FRAMES_PARAM = 'frames';
export const REALTIME_PACKED_FRAMES = 'batch';
export const REALTIME_PACKED_FRAME_MAX_BYTES = 96 * 1024;

export interface RealtimePackedFrame {
  frames: RealtimeEnvelope[];
}

/** The envelopes one received frame carries: a plain envelope, or each of a packed frame's, in order. */
export function unpackRealtimeFrame(frame: unknown): { channel: string; data: unknown }[] {
  if (typeof frame !== 'object' || frame === null) return [];
  const { frames } = frame as { frames?: unknown };
  const envelopes = Array.isArray(frames) ? frames : [frame];
  return envelopes.filter(
    (e): e is { channel: string; data: unknown } =>
      typeof e === 'object' && e !== null && typeof (e as { channel?: unknown }).channel === 'string',
  );
}

// ---------------------------------------------------------------------------------------------
// Audience
// ---------------------------------------------------------------------------------------------

/**
 * Who receives an event (ARCHITECTURE.md "Authenticated realtime"). The server filters; the console
 * trusts what arrives. Every event names its audience inside the company it belongs to:
 * - `company`: every socket of the company;
 * - `admins`: admins and super users (`isAdmin` in policy/viewer.ts);
 * - `user`: the sockets of one user;
 * - `users`: the sockets of these users (a chat's members);
 * - `tickets`: whoever may see a ticket of this queue/assignee (`maySeeTicket` in policy/tickets.ts);
 * - `ticketViewers`: the sockets that currently show this ticket (they joined its room). When the
 *   publisher knows the ticket's queue and assignee it passes them, and viewers are re-judged with
 *   `maySeeTicket` (a ticket transferred away stops reaching the operator still looking at it).
 */
export type Audience =
  | { kind: 'company' }
  | { kind: 'admins' }
  | { kind: 'user'; userId: string }
  | { kind: 'users'; userIds: string[] }
  | { kind: 'tickets'; queueId: string | null; userId: string | null }
  | { kind: 'ticketViewers'; ticketId: string; queueId?: string | null; userId?: string | null };

/** A socket as the fan-out judges it: its user's current facts plus the ticket the console shows. */
export interface RealtimeRecipient extends Viewer {
  viewingTicketId: string | null;
}

/** Whether one socket receives an event of this audience. Pure: the fan-out loads the facts. */
export function audienceIncludes(audience: Audience, recipient: RealtimeRecipient, settings: PolicySettings): boolean {
  switch (audience.kind) {
    case 'company':
      return true;
    case 'admins':
      return isAdmin(recipient);
    case 'user':
      return recipient.userId === audience.userId;
    case 'users':
      return audience.userIds.includes(recipient.userId);
    case 'tickets':
      return maySeeTicket(recipient, { queueId: audience.queueId, userId: audience.userId }, settings);
    case 'ticketViewers':
      if (recipient.viewingTicketId !== audience.ticketId) return false;
      if (audience.queueId === undefined) return true;
      return maySeeTicket(recipient, { queueId: audience.queueId, userId: audience.userId ?? null }, settings);
  }
}

/**
 * Whether the audience needs the company's policy settings to be judged (saves the fan-out a read
 * otherwise): only a queue-less ticket does (`userViewTicketsWithoutDepartment`, `maySeeQueue`); a
 * ticket in a queue is judged by the recipient's queues and profile alone.
 */
export const audienceNeedsSettings = (audience: Audience): boolean =>
  (audience.kind === 'tickets' || audience.kind === 'ticketViewers') && audience.queueId === null;

// ---------------------------------------------------------------------------------------------
// Client frames and keep-alive
// ---------------------------------------------------------------------------------------------

/**
 * API Gateway closes a WebSocket after 10 minutes without a client frame, and after 2 hours in any
 * case. The console pings every 5 minutes: half the idle limit, so one lost ping is not fatal.
 * Pings never reach a function: API Gateway answers them with a mock integration (AWS), the local
 * gateway answers them itself.
 */
export const REALTIME_PING_INTERVAL_MS = 5 * 60 * 1000;
export const REALTIME_PING_ACTION = 'ping';
/** The mock integration's answer to a ping (byte for byte what the local gateway sends). */
export const REALTIME_PONG_FRAME = '{"channel":"pong","data":{"action":"pong"}}';

/**
 * Frames a console sends (route selection `$request.body.action`): `joinTicket` while it shows a
 * ticket (the server checks `maySeeTicket` before it joins), `leaveTicket` when it stops. One socket
 * views at most one ticket: a new join replaces the previous one.
 */
export const realtimeClientFrameSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('joinTicket'), ticketId: z.string().check(z.minLength(1), z.maxLength(64)) }),
  z.object({ action: z.literal('leaveTicket') }),
]);
export type RealtimeClientFrame = z.infer<typeof realtimeClientFrameSchema>;

/** The server's answer to a join/leave, on the `room` pseudo-channel (not company-scoped). */
export type RealtimeRoomReply =
  | { channel: 'room'; data: { action: 'joined'; ticketId: string } }
  | { channel: 'room'; data: { action: 'left' } }
  | { channel: 'room'; data: { action: 'refused'; ticketId: string } };
