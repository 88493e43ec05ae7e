/**
 * Attachments of a quick reply (spec part 3 §5 "Quick reply", §7 `POST/DELETE
 * /quick-messages/{id}/media-upload`): the presigned flow of scheduled messages' files
 * (schedules/schedule-media.ts). The rules (allowed types, 5 MB, at most 3, no duplicate name with
 * its own warning) are checked at both steps, the second time inside a write conditional on the
 * reply as read, so concurrent confirmations cannot make a fourth file or a duplicate.
 */
import {
  isAllowedAttachment,
  MAX_MEDIA_BYTES,
  MAX_MEDIA_FILES,
  MESSAGE_MSG,
  QUICK_MESSAGE_MSG,
  type QuickMessageDto,
  type QuickMessageMediaUploadAnswer,
  type QuickMessageMediaUploadInput,
} from '@atende/shared';
import {
  isToAll,
  replaceQuickMessage,
  type QuickMessageMediaRecord,
  type QuickMessageRecord,
} from '../../data/quick-messages';
import { AppError } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import {
  isQuickMessageMediaKeyOf,
  mediaObjectInfo,
  mediaUploadUrl,
  quickMessageMediaKey,
  UPLOAD_URL_TTL_SECONDS,
} from '../../platform/storage';
import { toQuickMessageDto } from './quick-message-dto';
import { publishQuickMessageSaved } from './quick-message-events';
import { manageableQuickMessage, quickMessageNotFound, WRITE_ATTEMPTS } from './quick-messages';

const invalid = (message: string) => new AppError('ERR_VALIDATION', 400, { fields: { file: message } });
/** A key that is not this reply's, or an upload that never arrived: the console's generic message key. */
const INVALID = 'validation.invalid';

function checkRoomFor(media: readonly QuickMessageMediaRecord[], originalName: string): void {
  if (media.some((m) => m.originalName === originalName)) throw invalid(QUICK_MESSAGE_MSG.duplicateName);
  if (media.length >= MAX_MEDIA_FILES) throw invalid(MESSAGE_MSG.tooMany);
}

export async function uploadQuickMessageMedia(
  auth: AccessClaims,
  id: string,
  input: QuickMessageMediaUploadInput,
): Promise<QuickMessageMediaUploadAnswer> {
  if (input.key) return { record: await attachUploaded(auth, id, input.file.fileName, input.key) };
  const reply = await manageableQuickMessage(auth, id);
  checkRoomFor(reply.media ?? [], input.file.fileName);
  const key = quickMessageMediaKey(reply.companyId, reply.id, input.file.fileName);
  const signed = await mediaUploadUrl(key, input.file.mimetype, input.file.size);
  if (!signed) throw new AppError('ERR_FEATURE_UNAVAILABLE', 400);
  return {
    record: toQuickMessageDto(reply),
    upload: {
      key,
      url: signed.url,
      method: 'PUT',
      headers: signed.headers,
      fileName: input.file.fileName,
      mimetype: input.file.mimetype,
      expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
    },
  };
}

async function attachUploaded(auth: AccessClaims, id: string, originalName: string, key: string): Promise<QuickMessageDto> {
  if (!isQuickMessageMediaKeyOf(auth.companyId, key, id)) throw invalid(INVALID);
  const info = await mediaObjectInfo(key);
  if (!info) throw invalid(INVALID);
  if (info.size > MAX_MEDIA_BYTES) throw invalid(MESSAGE_MSG.tooLarge);
  // The presigned PUT pinned the type: what S3 holds is what was declared and checked.
  if (!isAllowedAttachment(originalName, info.mimetype)) throw invalid(MESSAGE_MSG.blockedType);
  const item: QuickMessageMediaRecord = { originalName, key, mimetype: info.mimetype, size: info.size };
  return changeMedia(auth, id, (media) => {
    if (media.some((m) => m.key === key)) return undefined; // the same confirmation again: already attached
    checkRoomFor(media, originalName);
    return [...media, item];
  });
}

/** DELETE /quick-messages/{id}/media-upload: the reply without that file (its object stays). */
export async function removeQuickMessageMedia(
  auth: AccessClaims,
  id: string,
  originalName: string,
): Promise<QuickMessageDto> {
  return changeMedia(auth, id, (media) => {
    if (!media.some((m) => m.originalName === originalName)) throw quickMessageNotFound();
    return media.filter((m) => m.originalName !== originalName);
  });
}

/** Applies `change` to the attachments as read and writes them on condition nothing changed meanwhile. */
async function changeMedia(
  auth: AccessClaims,
  id: string,
  change: (media: QuickMessageMediaRecord[]) => QuickMessageMediaRecord[] | undefined,
): Promise<QuickMessageDto> {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const before: QuickMessageRecord = await manageableQuickMessage(auth, id);
    const media = change(before.media ?? []);
    if (!media) return toQuickMessageDto(before);
    const after = await replaceQuickMessage(before, {
      shortcode: before.shortcode,
      message: before.message,
      toAll: isToAll(before),
      media,
      updatedAt: new Date().toISOString(),
    });
    if (after) {
      const dto = toQuickMessageDto(after);
      await publishQuickMessageSaved(auth.companyId, 'update', dto);
      return dto;
    }
  }
  throw new AppError('ERR_CONFLICT', 409);
}
