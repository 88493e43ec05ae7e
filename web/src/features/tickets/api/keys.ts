/**
 * Hierarchical query keys (TkDodo, "Effective React Query Keys"): every view of the workspace
 * hangs under one root, so a mutation or a live event can invalidate exactly what it touched.
 */
export interface TicketListFilters {
  status?: 'open' | 'pending' | 'closed';
  searchParam?: string;
  showAll?: boolean;
  tags?: string[];
  users?: string[];
  queueIds?: string[];
  withUnreadMessages?: boolean;
}

export const ticketKeys = {
  all: ['tickets'] as const,
  lists: () => [...ticketKeys.all, 'list'] as const,
  list: (filters: TicketListFilters) => [...ticketKeys.lists(), filters] as const,
  details: () => [...ticketKeys.all, 'detail'] as const,
  detail: (uuid: string) => [...ticketKeys.details(), uuid] as const,
};

export const messageKeys = {
  all: ['messages'] as const,
  ticket: (ticketId: string) => [...messageKeys.all, ticketId] as const,
};

export const noteKeys = {
  all: ['ticket-notes'] as const,
  ticket: (ticketId: string, contactId: string) => [...noteKeys.all, ticketId, contactId] as const,
};

export const lookupKeys = {
  tags: ['tags', 'list'] as const,
  quickMessages: (userId: string) => ['quick-messages', 'list', userId] as const,
  users: ['users', 'list'] as const,
  queuesOnSchedule: ['queues', 'onschedule'] as const,
};
