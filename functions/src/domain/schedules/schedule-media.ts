/**
 * Attachments of a scheduled message (spec part 1 §5 "Schedule", §7 `POST/DELETE
 * /schedules/{id}/media-upload`). Files go straight to S3 as for message media (uploads.ts): the
 * route first answers a presigned PUT under the schedule's own prefix, then, called again with that
 * key, checks the object in S3 and attaches it. The rules (allowed types, 5 MB, at most 3, no
 * duplicate name) are checked at both steps, the second time inside a conditional write on the
 * schedule as read (`updatedAt`), so two uploads at once cannot make a fourth file or a duplicate.
 */
import {
  MAX_MEDIA_FILES,
  MESSAGE_MSG,
  type ScheduleDto,
  type ScheduleMediaUploadAnswer,
  type ScheduleMediaUploadInput,
} from '@atende/shared';
import { setScheduleMedia, type ScheduleMediaRecord, type ScheduleRecord } from '../../data/schedules';
import { AppError } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import {
  INVALID_UPLOAD,
  invalidUpload as invalid,
  presignedUpload as presignedPut,
  uploadedObject,
} from '../../platform/media-uploads';
import { isScheduleMediaKeyOf, scheduleMediaKey } from '../../platform/storage';
import { editableSchedule, scheduleNotFound } from './schedule-access';
import { toScheduleDto } from './schedule-dto';
import { publishScheduleUpdated } from './schedule-events';

/** Conditional writes lost to another change of the same schedule before giving up with 409. */
const WRITE_ATTEMPTS = 5;

function checkRoomFor(schedule: ScheduleRecord, originalName: string): void {
  const media = schedule.media ?? [];
  if (media.some((m) => m.originalName === originalName)) throw invalid(MESSAGE_MSG.duplicateName);
  if (media.length >= MAX_MEDIA_FILES) throw invalid(MESSAGE_MSG.tooMany);
}

export async function uploadScheduleMedia(
  auth: AccessClaims,
  id: string,
  input: ScheduleMediaUploadInput,
): Promise<ScheduleMediaUploadAnswer> {
  return input.key ? attachUploaded(auth, id, input.file.fileName, input.key) : presignedUpload(auth, id, input.file);
}

async function presignedUpload(
  auth: AccessClaims,
  id: string,
  file: ScheduleMediaUploadInput['file'],
): Promise<ScheduleMediaUploadAnswer> {
  const schedule = await editableSchedule(auth, id);
  checkRoomFor(schedule, file.fileName);
  const key = scheduleMediaKey(schedule.companyId, schedule.id, file.fileName);
  return { schedule: await toScheduleDto(schedule), upload: await presignedPut(key, file) };
}

async function attachUploaded(
  auth: AccessClaims,
  id: string,
  originalName: string,
  key: string,
): Promise<ScheduleMediaUploadAnswer> {
  if (!isScheduleMediaKeyOf(auth.companyId, id, key)) throw invalid(INVALID_UPLOAD);
  const info = await uploadedObject(key, originalName);
  const item: ScheduleMediaRecord = { originalName, key, mimetype: info.mimetype, size: info.size };
  const schedule = await changeMedia(auth, id, (media) => {
    if (media.some((m) => m.key === key)) return undefined; // the same confirmation again: already attached
    return [...media, item];
  });
  return { schedule };
}

/** DELETE /schedules/{id}/media-upload: the schedule without that file (its object stays, decisions.md). */
export async function removeScheduleMedia(auth: AccessClaims, id: string, originalName: string): Promise<ScheduleDto> {
  return changeMedia(auth, id, (media) => {
    if (!media.some((m) => m.originalName === originalName)) throw scheduleNotFound();
    return media.filter((m) => m.originalName !== originalName);
  });
}

/**
 * Reads the schedule, applies `change` to its attachments (undefined = nothing to write) and writes
 * them back on condition nothing else changed it meanwhile; a lost race re-reads and re-checks.
 */
async function changeMedia(
  auth: AccessClaims,
  id: string,
  change: (media: ScheduleMediaRecord[]) => ScheduleMediaRecord[] | undefined,
): Promise<ScheduleDto> {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const before = await editableSchedule(auth, id);
    const media = change(before.media ?? []);
    if (!media) return toScheduleDto(before);
    const added = media.find((m) => !(before.media ?? []).includes(m));
    if (added) checkRoomFor(before, added.originalName);
    const after = await setScheduleMedia(before, media, new Date().toISOString());
    if (after) {
      const dto = await toScheduleDto(after);
      await publishScheduleUpdated(after.companyId, dto);
      return dto;
    }
  }
  throw new AppError('ERR_CONFLICT', 409);
}
