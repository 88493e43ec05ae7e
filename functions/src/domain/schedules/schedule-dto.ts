import type { ScheduleDto, ScheduleMediaDto } from '@atende/shared';
import { getContacts } from '../../data/contacts';
import type { ScheduleMediaRecord, ScheduleRecord } from '../../data/schedules';
import { mediaDownloadUrl } from '../../platform/storage';

/** Attachments with short-lived download URLs (signed locally, no request). */
const mediaDtos = (media: ScheduleMediaRecord[] = []): Promise<ScheduleMediaDto[]> =>
  Promise.all(
    media.map(async (m) => ({
      originalName: m.originalName,
      mimetype: m.mimetype,
      size: m.size,
      url: await mediaDownloadUrl(m.key, { mimetype: m.mimetype, fileName: m.originalName }),
    })),
  );

/** DTOs of one page: the contacts' names come from one batch read (AP-CT5). */
export async function toScheduleDtos(companyId: string, schedules: ScheduleRecord[]): Promise<ScheduleDto[]> {
  const contacts = await getContacts(companyId, [...new Set(schedules.map((s) => s.contactId))]);
  const names = new Map(contacts.map((c) => [c.id, c.name]));
  return Promise.all(
    schedules.map(async (s) => ({
      id: s.id,
      body: s.body,
      contactId: s.contactId,
      contact: names.has(s.contactId) ? { id: s.contactId, name: names.get(s.contactId)! } : null,
      ticketId: s.ticketId,
      userId: s.userId,
      sendAt: s.sendAt,
      sentAt: s.sentAt,
      status: s.status,
      mediaName: await mediaDtos(s.media),
      isMedia: Boolean(s.media?.length),
      createdAt: s.createdAt,
      updatedAt: s.updatedAt,
    })),
  );
}

export const toScheduleDto = async (s: ScheduleRecord): Promise<ScheduleDto> => (await toScheduleDtos(s.companyId, [s]))[0]!;
