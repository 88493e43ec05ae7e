/**
 * POST /campaigns/{id}/media-upload: the campaign's one file, replacing any earlier one. Files never
 * pass through the API (the platform's presigned flow, as schedules and quick replies): ask with the
 * file's description, PUT it to the answered URL, then confirm with the key.
 */
import type { CampaignDto, CampaignMediaUploadAnswer, CampaignMediaUploadInput } from '@atende/shared';
import { apiPost } from '@/lib/api-client';
import { putToStorage } from '@/lib/attachments';

export async function uploadCampaignMedia(campaign: CampaignDto, file: File): Promise<CampaignDto> {
  const path = `/campaigns/${encodeURIComponent(campaign.id)}/media-upload`;
  const spec = { fileName: file.name, mimetype: file.type || 'application/octet-stream', size: file.size };
  const asked = await apiPost<CampaignMediaUploadAnswer>(path, { file: spec } satisfies CampaignMediaUploadInput);
  if (!asked.upload) return asked.record;
  await putToStorage(asked.upload, file);
  const confirm: CampaignMediaUploadInput = { file: spec, key: asked.upload.key };
  return (await apiPost<CampaignMediaUploadAnswer>(path, confirm)).record;
}
