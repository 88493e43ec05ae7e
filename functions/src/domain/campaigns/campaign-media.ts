/**
 * A campaign's one attachment (spec part 3 §7 `POST/DELETE /campaigns/{id}/media-upload`; the
 * sending engine sends it with the chosen message). The presigned flow of schedules' attachments
 * (schedules/schedule-media.ts) through the same storage helpers: without `key` a presigned PUT under
 * the campaign's own prefix; with it, the object is checked in S3 and attached, replacing any
 * earlier file, in a write conditional on the campaign as read. Only while the campaign may be saved.
 */
import {
  isCampaignEditable,
  type CampaignDto,
  type CampaignMediaUploadAnswer,
  type CampaignMediaUploadInput,
} from '@atende/shared';
import { setCampaignMedia, type CampaignRecord } from '../../data/campaigns';
import { AppError } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import { INVALID_UPLOAD, invalidUpload, presignedUpload, uploadedObject } from '../../platform/media-uploads';
import { campaignMediaKey, isCampaignMediaKeyOf } from '../../platform/storage';
import { assertCampaignsManageable, companyCampaign } from './campaign-access';
import { toCampaignDto } from './campaign-dto';
import { publishCampaignSaved } from './campaign-events';
import { notEditable, WRITE_ATTEMPTS } from './campaign-rules';

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
  const upload = await presignedUpload(key, input.file);
  return { record: await toCampaignDto(campaign), upload };
}

async function attachUploaded(auth: AccessClaims, id: string, originalName: string, key: string): Promise<CampaignDto> {
  if (!isCampaignMediaKeyOf(auth.companyId, id, key)) throw invalidUpload(INVALID_UPLOAD);
  const info = await uploadedObject(key, originalName);
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
