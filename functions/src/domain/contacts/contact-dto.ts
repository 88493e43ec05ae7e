import type { ContactDto } from '@atende/shared';
import type { ContactRecord } from '../../data/contacts';

export function toContactDto(c: ContactRecord): ContactDto {
  return {
    id: c.id,
    name: c.name,
    number: c.number,
    lid: c.lid ?? null,
    email: c.email ?? '',
    profilePicUrl: c.profilePicUrl ?? '',
    isGroup: c.isGroup === true,
    extraInfo: c.extraInfo ?? [],
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}
