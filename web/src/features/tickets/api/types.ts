/**
 * The workspace's view of the API's answers (spec part 1 §3). Until the shared contract of the
 * tickets issue lands these mirror it; afterwards they are re-exports of `@atende/shared`.
 */
import type { Channel, ContactDto, MessageDto, QueueRef } from '@atende/shared';

export type TicketStatus = 'pending' | 'open' | 'closed';

export interface TagRef {
  id: string;
  name: string;
  color: string;
}

export interface TicketDto {
  id: string;
  uuid: string;
  status: TicketStatus;
  contactId: string;
  contact: Pick<ContactDto, 'id' | 'name' | 'number' | 'profilePicUrl'> & Partial<ContactDto>;
  userId: string | null;
  user: { id: string; name: string } | null;
  queueId: string | null;
  queue: QueueRef | null;
  whatsappId: string;
  whatsapp: { id: string; name: string } | null;
  channel: Channel;
  unreadMessages: number;
  lastMessage: string;
  /** When the customer last wrote (drives the 24-hour window of Facebook/Instagram). */
  lastCustomerMessageAt?: string | null;
  tags: TagRef[];
  chatbot: boolean;
  isGroup: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface TicketsPage {
  tickets: TicketDto[];
  count: number;
  hasMore: boolean;
}

export type Message = MessageDto & { userId?: string | null };

export interface MessagesPage {
  messages: Message[];
  count?: number;
  hasMore: boolean;
  ticket?: TicketDto;
}

export type Contact = ContactDto;

export interface TicketNote {
  id: string;
  note: string;
  ticketId: string;
  contactId: string;
  user: { id: string; name: string } | null;
  createdAt: string;
}

export interface QuickMessage {
  id: string;
  shortcode: string;
  message: string;
}

export interface UserOption {
  id: string;
  name: string;
  queues?: QueueRef[];
}

/** `company-{id}-ticket` payloads (spec part 1 §4). */
export type TicketEvent =
  | { action: 'update'; ticket: TicketDto }
  | { action: 'delete'; ticketId: string }
  | { action: 'updateUnread'; ticketId: string; unreadMessages?: number }
  | { action: 'tagUpdate'; ticket?: TicketDto; ticketId?: string; tags?: TagRef[] };

/** `company-{id}-appMessage` with the ticket the message belongs to. */
export type AppMessageEvent = { action: 'create' | 'update'; message: Message; ticket?: TicketDto; contact?: Contact };
