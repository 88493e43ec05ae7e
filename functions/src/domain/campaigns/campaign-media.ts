/**
 * A campaign's one attachment (spec part 3 §7 `POST/DELETE /campaigns/{id}/media-upload`; the
 * sending engine sends it with the chosen message). The presigned flow of schedules' attachments
 * (schedules/schedule-media.ts) through the same storage helpers: without `key` a presigned PUT under
 * the campaign's own prefix; with it, the object is checked in S3 and attached, replacing any
 * earlier file, in a write conditional on the campaign as read. Only while the campaign may be saved.
 */
import {
  isAllowedAttachment,
  isCampaignEditable,
  MAX_MEDIA_BYTES,
  MESSAGE_MSG,
  type CampaignDto,
  type CampaignMediaUploadAnswer,
  type CampaignMediaUploadInput,
} from '@atende/shared';
import { setCampaignMedia, type CampaignRecord } from '../../data/campaigns';
import { AppError } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import {
  campaignMediaKey,
  isCampaignMediaKeyOf,
  mediaObjectInfo,
  mediaUploadUrl,
  UPLOAD_URL_TTL_SECONDS,
} from '../../platform/storage';
import { assertCampaignsManageable, companyCampaign } from './campaign-access';
import { toCampaignDto } from './campaign-dto';
import { publishCampaignSaved } from './campaign-events';
import { notEditable, WRITE_ATTEMPTS } from './campaign-rules';

const invalid = (message: string) => new AppError('ERR_VALIDATION', 400, { fields: { file: message } });
/** A key that is not this campaign's, or an upload that never arrived. */
const INVALID = 'validation.invalid';

async function editableCampaign(auth: AccessClaims, id: string): Promise<CampaignRecord> {
  const campaign = await companyCampaign(auth, id);
  if (!isCampaignEditable(campaign)) throw notEditable();
  return campaign;
}

export async function uploadCampaignMedia(
  auth: AccessClaims,
  id: string,
  input: CampaignMediaUploadInput,
): Promise<CampaignMediaUploadAnswer> {
  await assertCampaignsManageable(auth);
  if (input.key) return { record: await attachUploaded(auth, id, input.file.fileName, input.key) };
  const campaign = await editableCampaign(auth, id);
  const key = campaignMediaKey(campaign.companyId, campaign.id, input.file.fileName);
  const signed = await mediaUploadUrl(key, input.file.mimetype, input.file.size);
  if (!signed) throw new AppError('ERR_FEATURE_UNAVAILABLE', 400);
  return {
    record: await toCampaignDto(campaign),
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

async function attachUploaded(auth: AccessClaims, id: string, originalName: string, key: string): Promise<CampaignDto> {
  if (!isCampaignMediaKeyOf(auth.companyId, id, key)) throw invalid(INVALID);
  const info = await mediaObjectInfo(key);
  if (!info) throw invalid(INVALID);
  if (info.size > MAX_MEDIA_BYTES) throw invalid(MESSAGE_MSG.tooLarge);
  // The presigned PUT pinned the type: what S3 holds is what was declared and checked.
  if (!isAllowedAttachment(originalName, info.mimetype)) throw invalid(MESSAGE_MSG.blockedType);
  return changeMedia(auth, id, { mediaPath: key, mediaName: originalName, mediaMimetype: info.mimetype });
}

/** DELETE /campaigns/{id}/media-upload: the campaign without its file (the object stays, as schedules' do). */
export async function removeCampaignMedia(auth: AccessClaims, id: string): Promise<CampaignDto> {
  await assertCampaignsManageable(auth);
  return changeMedia(auth, id, { mediaPath: null, mediaName: null, mediaMimetype: null });
}

async function changeMedia(
  auth: AccessClaims,
  id: string,
  media: Pick<CampaignRecord, 'mediaPath' | 'mediaName' | 'mediaMimetype'>,
): Promise<CampaignDto> {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const before = await editableCampaign(auth, id);
    if (before.mediaPath === media.mediaPath && before.mediaName === media.mediaName) return toCampaignDto(before);
    const after = await setCampaignMedia(before, media, new Date().toISOString());
    if (!after) continue;
    const dto = await toCampaignDto(after);
    await publishCampaignSaved(auth.companyId, 'update', dto);
    return dto;
  }
  throw new AppError('ERR_CONFLICT', 409);
}
