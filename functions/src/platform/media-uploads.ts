/**
 * The two steps of a browser's file upload (message media, schedules', quick replies' and campaigns'
 * attachments): a presigned PUT for a key the caller chose under its record's prefix, then, once the
 * browser says it is done, the object as S3 holds it, checked against the attachment rules.
 */
import { isAllowedAttachment, MAX_MEDIA_BYTES, MESSAGE_MSG } from '@atende/shared';
import { AppError } from './app-error';
import { mediaObjectInfo, mediaUploadUrl, UPLOAD_URL_TTL_SECONDS } from './storage';

/** A 400 on the upload's `file` field, with the message key the console shows. */
export const invalidUpload = (message: string) => new AppError('ERR_VALIDATION', 400, { fields: { file: message } });
/** A key that is not the record's, or an upload that never arrived: the console's generic message key. */
export const INVALID_UPLOAD = 'validation.invalid';

/** The presigned PUT the browser uploads `file` with to `key`; ERR_FEATURE_UNAVAILABLE without storage. */
export async function presignedUpload(key: string, file: { fileName: string; mimetype: string; size: number }) {
  const signed = await mediaUploadUrl(key, file.mimetype, file.size);
  if (!signed) throw new AppError('ERR_FEATURE_UNAVAILABLE', 400);
  return {
    key,
    url: signed.url,
    method: 'PUT' as const,
    headers: signed.headers,
    fileName: file.fileName,
    mimetype: file.mimetype,
    expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
  };
}

/**
 * The uploaded object at `key` (already checked to be the record's), or a 400 when it never arrived,
 * is over MAX_MEDIA_BYTES or is not an allowed attachment for `originalName`.
 */
export async function uploadedObject(key: string, originalName: string): Promise<{ size: number; mimetype: string }> {
  const info = await mediaObjectInfo(key);
  if (!info) throw invalidUpload(INVALID_UPLOAD);
  if (info.size > MAX_MEDIA_BYTES) throw invalidUpload(MESSAGE_MSG.tooLarge);
  // The presigned PUT pinned the type: what S3 holds is what was declared and checked.
  if (!isAllowedAttachment(originalName, info.mimetype)) throw invalidUpload(MESSAGE_MSG.blockedType);
  return info;
}
