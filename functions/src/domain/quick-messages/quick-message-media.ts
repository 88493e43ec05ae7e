/**
 * Attachments of a quick reply (spec part 3 §5 "Quick reply", §7 `POST/DELETE
 * /quick-messages/{id}/media-upload`): the presigned flow of scheduled messages' files
 * (schedules/schedule-media.ts). The rules (allowed types, 5 MB, at most 3, no duplicate name with
 * its own warning) are checked at both steps, the second time inside a write conditional on the
 * reply as read, so concurrent confirmations cannot make a fourth file or a duplicate.
 */
import {
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
import { INVALID_UPLOAD, invalidUpload as invalid, presignedUpload, uploadedObject } from '../../platform/media-uploads';
import { isQuickMessageMediaKeyOf, quickMessageMediaKey } from '../../platform/storage';
import { toQuickMessageDto } from './quick-message-dto';
import { publishQuickMessageSaved } from './quick-message-events';
import { manageableQuickMessage, quickMessageNotFound, WRITE_ATTEMPTS } from './quick-messages';

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
  const upload = await presignedUpload(key, input.file);
  return { record: toQuickMessageDto(reply), upload };
}

async function attachUploaded(auth: AccessClaims, id: string, originalName: string, key: string): Promise<QuickMessageDto> {
  if (!isQuickMessageMediaKeyOf(auth.companyId, key, id)) throw invalid(INVALID_UPLOAD);
  const info = await uploadedObject(key, originalName);
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
