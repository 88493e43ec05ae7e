/**
 * `company-<cid>-appMessage` (spec part 1 §4), published through the typed realtime publisher:
 * - create: whoever may see the message's ticket, with the ticket (lists move it up and count unread);
 *   a message outside any ticket (a group while CheckMsgIsGroup is on) goes to admins only;
 * - update (acks, edits, deletes): the consoles showing that ticket, re-judged with its current
 *   queue and assignee.
 * (`company-<cid>-contact` is published by domain/contacts/contact-events.ts.)
 */
import type { Audience, TicketDto } from '@atende/shared';
import type { ContactRecord } from '../../data/contacts';
import type { MessageRecord } from '../../data/messages';
import { getTicket, type TicketRecord } from '../../data/tickets';
import { publish } from '../../platform/realtime-publisher';
import { toContactDto } from '../contacts/contact-dto';
import { toMessageDto } from './message-dto';

export async function publishMessageCreated(
  message: MessageRecord,
  contact: ContactRecord,
  ticket?: { record: TicketRecord; dto: TicketDto },
): Promise<void> {
  const audience: Audience = ticket
    ? { kind: 'tickets', queueId: ticket.record.queueId, userId: ticket.record.userId }
    : { kind: 'admins' };
  await publish(
    message.companyId,
    'appMessage',
    {
      action: 'create',
      message: await toMessageDto(message),
      contact: toContactDto(contact),
      ...(ticket ? { ticket: ticket.dto } : {}),
    },
    audience,
  );
}

export async function publishMessageUpdated(message: MessageRecord, contact: ContactRecord): Promise<void> {
  const ticket = message.ticketId ? await getTicket(message.companyId, message.ticketId) : undefined;
  const audience: Audience = ticket
    ? { kind: 'ticketViewers', ticketId: ticket.id, queueId: ticket.queueId, userId: ticket.userId }
    : { kind: 'admins' };
  await publish(
    message.companyId,
    'appMessage',
    { action: 'update', message: await toMessageDto(message), contact: toContactDto(contact) },
    audience,
  );
}
