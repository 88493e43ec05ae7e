import type { ContactRecord } from '../../data/contacts';
import { publish } from '../../platform/realtime-publisher';
import { toContactDto } from './contact-dto';

/** `company-<cid>-contact`: contacts are company-wide (the contacts page lists them all). */
export async function publishContactUpdated(contact: ContactRecord): Promise<void> {
  await publish(contact.companyId, 'contact', { action: 'update', contact: toContactDto(contact) }, { kind: 'company' });
}

/** `company-<cid>-contact` delete: the contacts page drops the row. */
export async function publishContactDeleted(companyId: string, contactId: string): Promise<void> {
  await publish(companyId, 'contact', { action: 'delete', contactId }, { kind: 'company' });
}
