import { realtimeChannel, type ContactRealtimeData } from '@atende/shared';
import type { ContactRecord } from '../../data/contacts';
import { publishToAudience } from '../../platform/audience-publisher';
import { toContactDto } from './contact-dto';

/** `company-<cid>-contact`: contacts are company-wide (the contacts page lists them all). */
export async function publishContactUpdated(contact: ContactRecord): Promise<void> {
  await publishToAudience<ContactRealtimeData>(contact.companyId, realtimeChannel.contact(contact.companyId), {
    action: 'update', contact: toContactDto(contact),
  }, { kind: 'company' });
}
