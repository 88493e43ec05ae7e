/** Live updates of the campaign contact lists (spec part 3 §4: ContactList, ContactListItem, per company). */
import type { ContactListItemRealtimeData, ContactListRealtimeData } from '@atende/shared';
import { publish } from '../../platform/realtime-publisher';

export const publishContactList = (companyId: string, data: ContactListRealtimeData) =>
  publish(companyId, 'contactList', data, { kind: 'company' });

/** An import or a bulk add publishes one `reload`, never one event per row (a large file would flood every console). */
export const publishContactListItem = (companyId: string, data: ContactListItemRealtimeData) =>
  publish(companyId, 'contactListItem', data, { kind: 'company' });
