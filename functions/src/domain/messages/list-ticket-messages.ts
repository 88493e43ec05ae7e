/**
 * GET /messages/{ticketId} (spec part 1 §7): a page of the ticket's conversation (AP-M4), newest
 * page first, each page oldest → newest for display; `cursor` loads the older page.
 * When the operator the ticket is assigned to opens it, its unread count goes back to 0, the
 * customer's unread messages of the page are marked read — one write: the ticket's read-up-to marker
 * (`readUpTo`, the greatest message id of the page; ids are ULIDs in the order messages were handled,
 * so a message arriving later is after it even when its channel time is older) instead of an update
 * per message — the channel is told (`message.read`) of those, and the consoles get `updateUnread`.
 */
import { ulid } from '@atende/shared/ids';
import { PAGE_SIZE, type ListMessagesQuery, type MessageListAnswer } from '@atende/shared';
import { getConnection } from '../../data/connections';
import { getContact } from '../../data/contacts';
import { isTicketMessagesCursorOf, queryTicketMessages, type MessageRecord } from '../../data/messages';
import { decodeCursor, encodeCursor } from '../../data/paging';
import { resetUnread, type TicketRecord } from '../../data/tickets';
import { AppError } from '../../platform/app-error';
import { logger } from '../../platform/logger';
import { sendOutboundCommand } from '../../platform/queues';
import { contactJid } from '../contacts/channel-identity';
import { visibleTicket, type TicketActor } from '../tickets/ticket-actor';
import { toTicketDto } from '../tickets/ticket-dto';
import { publishTicketRead } from '../tickets/ticket-events';
import { toMessageDto } from './message-dto';

export async function listTicketMessages(
  actor: TicketActor,
  ticketId: string,
  q: ListMessagesQuery,
): Promise<MessageListAnswer> {
  let ticket = await visibleTicket(actor, ticketId);
  const cid = ticket.companyId;
  let after = decodeCursor(q.cursor);
  if (q.cursor && (!after || !isTicketMessagesCursorOf(cid, ticket.id, after)))
    throw new AppError('ERR_VALIDATION', 400, { fields: { cursor: 'invalid' } });
  // pageNumber without a cursor walks the newer pages first (O(pageNumber × page)); the console uses the cursor.
  let page = await queryTicketMessages(cid, ticket.id, { after, limit: PAGE_SIZE });
  for (let n = q.cursor ? 1 : q.pageNumber; n > 1 && page.next; n--) {
    after = page.next;
    page = await queryTicketMessages(cid, ticket.id, { after, limit: PAGE_SIZE });
  }
  const firstPage = !q.cursor && q.pageNumber === 1;
  if (firstPage && ticket.unreadMessages > 0 && ticket.status !== 'closed' && ticket.userId === actor.viewer.userId) {
    ticket = await markTicketRead(ticket, page.messages);
  }
  const messages = await Promise.all(
    [...page.messages].reverse().map((m) => toMessageDto({ ...m, read: isRead(m, ticket.readUpTo) })),
  );
  return {
    messages,
    ticket: await toTicketDto(ticket),
    count: messages.length,
    hasMore: !!page.next,
    ...(page.next ? { cursor: encodeCursor(page.next) } : {}),
  };
}

/** A customer's message is read when stored read (before the marker) or up to the ticket's marker. */
const isRead = (m: MessageRecord, readUpTo: string | undefined) =>
  m.fromMe || m.read || (readUpTo !== undefined && m.id <= readUpTo);

async function markTicketRead(ticket: TicketRecord, newest: MessageRecord[]): Promise<TicketRecord> {
  const upTo = newest.reduce((max, m) => (m.id > max ? m.id : max), ticket.readUpTo ?? '');
  const updated = await resetUnread(ticket.companyId, ticket.id, upTo);
  if (!updated) return ticket; // someone else reset it meanwhile
  const unread = newest.filter((m) => !isRead(m, ticket.readUpTo));
  await tellChannelRead(ticket, unread);
  await publishTicketRead(updated);
  return updated;
}

/** Best effort: the blue ticks on the customer's phone are not worth failing the read for. */
async function tellChannelRead(ticket: TicketRecord, unread: MessageRecord[]): Promise<void> {
  if (!unread.length) return;
  try {
    const [connection, contact] = await Promise.all([
      getConnection(ticket.companyId, ticket.connectionId),
      getContact(ticket.companyId, ticket.contactId),
    ]);
    if (!connection || !contact) return;
    await sendOutboundCommand(connection.shard, {
      type: 'message.read',
      commandId: ulid(),
      companyId: ticket.companyId,
      connectionId: connection.id,
      issuedAt: new Date().toISOString(),
      to: contactJid(contact),
      externalIds: unread.map((m) => m.externalId),
    });
  } catch (err) {
    logger.warn('could not queue message.read', { err, ticketId: ticket.id });
  }
}
