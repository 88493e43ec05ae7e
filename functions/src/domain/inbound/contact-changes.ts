/**
 * contact.updated: name, lid or picture of a KNOWN contact (address-book syncs never create contacts),
 * and the connection's address book kept for "import from the phone" (phone-address-book.ts).
 */
import type { ChannelEvent } from '@atende/shared';
import type { ConnectionRecord } from '../../data/connections';
import { identityOf, namedAsTheCompanyWants } from '../contacts/channel-identity';
import { ticketSettings } from '../tickets/ticket-settings';
import { completeContact, findContact } from '../contacts/find-or-create-contact';
import { publishContactUpdated } from '../contacts/contact-events';
import { keepAddressBookEntry } from '../contacts/phone-address-book';

type ContactEvent = Extract<ChannelEvent, { type: 'contact.updated' }>;

export async function applyContactChange(connection: ConnectionRecord, event: ContactEvent): Promise<void> {
  await Promise.all([
    keepAddressBookEntry(connection.companyId, connection.id, event.contact),
    completeKnownContact(connection, event),
  ]);
}

async function completeKnownContact(connection: ConnectionRecord, event: ContactEvent): Promise<void> {
  const { keepChannelNames } = await ticketSettings(connection.companyId);
  const identity = namedAsTheCompanyWants(identityOf(event.contact, event.contact.jid.endsWith('@g.us')), keepChannelNames);
  const contact = await findContact(connection.companyId, identity);
  if (!contact) return;
  const updated = await completeContact(contact, identity, event.profilePicUrl);
  if (updated.updatedAt !== contact.updatedAt) await publishContactUpdated(updated);
}
