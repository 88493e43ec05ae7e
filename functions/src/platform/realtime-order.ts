/**
 * The `realtime` FIFO group of an event: order where a console needs it, parallel fan-out elsewhere
 * (docs/decisions.md "Inbound throughput and 100k bench").
 * - a ticket's events (`ticket`, and `appMessage` of a message on a ticket) share the TICKET's group:
 *   a ticket's `delete` to its old audience still precedes its `update` to the new one, and a ticket's
 *   messages arrive in the order they were stored;
 * - a contact's events share the contact's group;
 * - an internal chat's events share the chat's group (its messages arrive in the order they were stored);
 * - everything else (connections, users, company, payments, announcements, messages outside any
 *   ticket) keeps the company's group, as rare as it is ordered.
 * Different tickets of one company are delivered side by side; a company's burst no longer waits in one line.
 */
import type { RealtimeChannelKind, RealtimeEvents } from '@atende/shared';

/** SQS allows 128 characters in a MessageGroupId. */
const MAX_GROUP = 128;

export function realtimeGroupOf<K extends RealtimeChannelKind>(companyId: string, kind: K, data: RealtimeEvents[K]): string {
  const scoped = (scope: string, id: string) => `${companyId}:${scope}:${id}`.slice(0, MAX_GROUP);
  if (kind === 'ticket') {
    const d = data as RealtimeEvents['ticket'];
    return scoped('ticket', 'ticket' in d ? d.ticket.id : d.ticketId);
  }
  if (kind === 'appMessage') {
    const d = data as RealtimeEvents['appMessage'];
    const ticketId = d.ticket?.id ?? d.message.ticketId;
    return ticketId ? scoped('ticket', ticketId) : companyId;
  }
  if (kind === 'contact') {
    const d = data as RealtimeEvents['contact'];
    return scoped('contact', 'contact' in d ? d.contact.id : d.contactId);
  }
  if (kind === 'chat') {
    const d = data as RealtimeEvents['chat'];
    return scoped('chat', 'chat' in d ? d.chat.id : d.chatId);
  }
  return companyId;
}
