import type { ContactListDto, ContactListItemDto } from '@atende/shared';
import type { ContactListItemRecord } from '../../data/contact-list-items';
import type { ContactListRecord } from '../../data/contact-lists';

export const toContactListDto = (l: ContactListRecord): ContactListDto => ({
  id: l.id,
  name: l.name,
  contactsCount: l.contactsCount,
  createdAt: l.createdAt,
  updatedAt: l.updatedAt,
});

export const toContactListItemDto = (i: ContactListItemRecord): ContactListItemDto => ({
  id: i.id,
  contactListId: i.contactListId,
  name: i.name,
  number: i.number,
  email: i.email,
  isWhatsappValid: i.isWhatsappValid,
  createdAt: i.createdAt,
});
