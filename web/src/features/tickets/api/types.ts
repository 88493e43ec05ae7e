/** The workspace's names for the shared contract's answers (spec part 1 §3). */
import type {
  ContactDto,
  MessageDto,
  MessageListAnswer,
  QueueRef,
  QuickMessageDto,
  TagDto,
  TicketDto,
  TicketListAnswer,
  TicketNoteDto,
  TicketStatus,
} from '@atende/shared';

export type { TicketDto, TicketStatus };
export type TicketsPage = TicketListAnswer;
export type Message = MessageDto;
export type MessagesPage = MessageListAnswer;
export type Contact = ContactDto;
export type TagRef = TagDto;
export type TicketNote = TicketNoteDto;
export type QuickMessage = QuickMessageDto;

/** A row of `GET /users/list` (transfer target, search filter). */
export interface UserOption {
  id: string;
  name: string;
  queues?: QueueRef[];
}

/** Where an infinite list continues: the server's cursor (preferred) and the page number. */
export interface PageParam {
  pageNumber: number;
  cursor?: string;
}
export const FIRST_PAGE: PageParam = { pageNumber: 1 };
export function nextPageParam<T extends { hasMore: boolean; cursor?: string }>(
  last: T,
  _all: T[],
  previous: PageParam,
): PageParam | undefined {
  return last.hasMore ? { pageNumber: previous.pageNumber + 1, ...(last.cursor ? { cursor: last.cursor } : {}) } : undefined;
}
