/**
 * Announcements (spec part 3 "Announcements"): super users write them; every company's console
 * lists the active ones in the top-bar popover and hears about changes live.
 */
import { ulid } from '@atende/shared/ids';
import { PAGE_SIZE, type AnnouncementDto, type AnnouncementInput } from '@atende/shared';
import {
  getAnnouncement,
  putAnnouncement,
  queryAnnouncements,
  removeAnnouncement,
  type AnnouncementRecord,
} from '../../data/announcements';
import { getPlatformCompanyId } from '../../data/companies';
import { decodeCursor, encodeCursor } from '../../data/paging';
import { isConditionFailed } from '../../data/transactions';
import { AppError } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import { mediaDownloadUrl, mediaObjectKey, writeObject } from '../../platform/storage';
import { publishAnnouncementChange } from './announcement-events';

async function toDto({ mediaPath, ...record }: AnnouncementRecord): Promise<AnnouncementDto> {
  return { ...record, mediaUrl: mediaPath ? await mediaDownloadUrl(mediaPath) : null };
}

/** Super users see every announcement (management); everyone else the active ones. Text search filters the page. */
export async function listAnnouncements(auth: AccessClaims, query: { searchParam: string; cursor?: string }) {
  const page = await queryAnnouncements(PAGE_SIZE, decodeCursor(query.cursor), !auth.super);
  const needle = query.searchParam.toLowerCase();
  const records = needle
    ? page.announcements.filter((a) => `${a.title} ${a.text}`.toLowerCase().includes(needle))
    : page.announcements;
  return {
    records: await Promise.all(records.map(toDto)),
    hasMore: !!page.nextCursor,
    cursor: encodeCursor(page.nextCursor),
  };
}

async function load(id: string): Promise<AnnouncementRecord> {
  const found = await getAnnouncement(id);
  if (!found) throw new AppError('ERR_NO_REGISTER_FOUND', 404);
  return found;
}

export async function showAnnouncement(auth: AccessClaims, id: string): Promise<AnnouncementDto> {
  const record = await load(id);
  if (!record.status && !auth.super) throw new AppError('ERR_NO_REGISTER_FOUND', 404);
  return toDto(record);
}

export async function addAnnouncement(input: AnnouncementInput): Promise<AnnouncementDto> {
  const now = new Date().toISOString();
  const record: AnnouncementRecord = {
    id: ulid(),
    ...input,
    mediaPath: null,
    mediaName: null,
    createdAt: now,
    updatedAt: now,
  };
  await putAnnouncement(record);
  const dto = await toDto(record);
  await publishAnnouncementChange({ action: 'create', record: dto });
  return dto;
}

export async function updateAnnouncement(id: string, input: AnnouncementInput): Promise<AnnouncementDto> {
  const record = { ...(await load(id)), ...input, updatedAt: new Date().toISOString() };
  await putAnnouncement(record);
  const dto = await toDto(record);
  await publishAnnouncementChange({ action: 'update', record: dto });
  return dto;
}

export async function deleteAnnouncement(id: string): Promise<void> {
  try {
    await removeAnnouncement(id);
  } catch (err) {
    if (isConditionFailed(err)) throw new AppError('ERR_NO_REGISTER_FOUND', 404);
    throw err;
  }
  await publishAnnouncementChange({ action: 'delete', id });
}

/** `POST /announcements/{id}/media-upload`: the image, stored under the platform company's media prefix. */
export async function attachAnnouncementImage(
  id: string,
  fileName: string,
  contentType: string,
  base64: string,
): Promise<AnnouncementDto> {
  const record = await load(id);
  const platformId = await getPlatformCompanyId();
  if (!platformId) throw new AppError('ERR_NOT_FOUND', 404);
  const key = mediaObjectKey(platformId, 'announcements', fileName);
  await writeObject(key, Buffer.from(base64, 'base64'), contentType);
  return updateWithMedia(record, key, fileName);
}

export async function detachAnnouncementImage(id: string): Promise<AnnouncementDto> {
  return updateWithMedia(await load(id), null, null);
}

async function updateWithMedia(
  record: AnnouncementRecord,
  mediaPath: string | null,
  mediaName: string | null,
): Promise<AnnouncementDto> {
  const next = { ...record, mediaPath, mediaName, updatedAt: new Date().toISOString() };
  await putAnnouncement(next);
  const dto = await toDto(next);
  await publishAnnouncementChange({ action: 'update', record: dto });
  return dto;
}
