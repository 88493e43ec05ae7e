/**
 * Realtime for messages and contacts (spec part 1 §4):
 * - `appMessage` create: whoever may see the message's ticket (its queue; admins always);
 * - `appMessage` update (acks, edits, deletions): only the consoles showing that ticket, once the
 *   message belongs to one; until then the same audience as create;
 * - `contact` update: the whole company (everyone lists contacts).
 */
import type { Audience } from '@atende/shared';
import type { ContactRecord } from '../../data/contacts';
import type { MessageRecord } from '../../data/messages';
import { publish } from '../../platform/realtime-publisher';
import { toContactDto } from '../contacts/contact-dto';
import { toMessageDto } from './message-dto';

export async function publishAppMessage(action: 'create' | 'update', message: MessageRecord, contact: ContactRecord): Promise<void> {
  const dto = await toMessageDto(message);
  const audience: Audience = action === 'update' && dto.ticketId
    ? { kind: 'ticketViewers', ticketId: dto.ticketId }
    : { kind: 'tickets', queueId: dto.queueId, userId: null };
  await publish(message.companyId, 'appMessage', { action, message: dto, contact: toContactDto(contact) }, audience);
}

export async function publishContactUpdated(contact: ContactRecord): Promise<void> {
  await publish(contact.companyId, 'contact', { action: 'update', contact: toContactDto(contact) }, { kind: 'company' });
}
