/**
 * `company-<cid>-appMessage` (spec part 1 §4), through the one audience
 * publisher. A new message goes to whoever may see its ticket (with the ticket, so lists move it up
 * and count unread); changes to a message (acks, edits, deletes) go to the viewers of its ticket.
 * Messages outside any ticket (groups ignored by CheckMsgIsGroup) go to admins only.
 * (`company-<cid>-contact` is published by domain/contacts/contact-events.ts.)
 */
import { realtimeChannel, type AppMessageRealtimeData, type Audience, type TicketDto } from '@atende/shared';
import type { ContactRecord } from '../../data/contacts';
import type { MessageRecord } from '../../data/messages';
import type { TicketRecord } from '../../data/tickets';
import { publishToAudience } from '../../platform/audience-publisher';
import { toContactDto } from '../contacts/contact-dto';
import { toMessageDto } from './message-dto';

export async function publishMessageCreated(message: MessageRecord, contact: ContactRecord, ticket?: { record: TicketRecord; dto: TicketDto }): Promise<void> {
  const audience: Audience = ticket ? { kind: 'tickets', queueId: ticket.record.queueId, userId: ticket.record.userId } : { kind: 'admins' };
  await publishToAudience<AppMessageRealtimeData>(message.companyId, realtimeChannel.appMessage(message.companyId), {
    action: 'create', message: await toMessageDto(message), contact: toContactDto(contact), ...(ticket ? { ticket: ticket.dto } : {}),
  }, audience);
}

export async function publishMessageUpdated(message: MessageRecord, contact: ContactRecord): Promise<void> {
  const audience: Audience = message.ticketId ? { kind: 'ticketViewers', ticketId: message.ticketId } : { kind: 'admins' };
  await publishToAudience<AppMessageRealtimeData>(message.companyId, realtimeChannel.appMessage(message.companyId), {
    action: 'update', message: await toMessageDto(message), contact: toContactDto(contact),
  }, audience);
}
