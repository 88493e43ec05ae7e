import { realtimeChannel, type AppMessageRealtimeData, type ContactRealtimeData } from '@atende/shared';
import type { ContactRecord } from '../../data/contacts';
import type { MessageRecord } from '../../data/messages';
import { publishToCompany } from '../../platform/realtime-publisher';
import { toContactDto } from '../contacts/contact-dto';
import { toMessageDto } from './message-dto';

/** `company-<cid>-appMessage` (spec part 1 §4). The ticket workspace adds the ticket and a queue/role filter. */
export async function publishAppMessage(action: 'create' | 'update', message: MessageRecord, contact: ContactRecord): Promise<void> {
  await publishToCompany<AppMessageRealtimeData>(message.companyId, realtimeChannel.appMessage(message.companyId), {
    action, message: await toMessageDto(message), contact: toContactDto(contact),
  });
}

/** `company-<cid>-contact` */
export async function publishContactUpdated(contact: ContactRecord): Promise<void> {
  await publishToCompany<ContactRealtimeData>(contact.companyId, realtimeChannel.contact(contact.companyId), {
    action: 'update', contact: toContactDto(contact),
  });
}
