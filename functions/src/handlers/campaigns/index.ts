/**
 * Campaigns area (spec part 3 §7 "Campaigns", part 2 "Campaign stats"): campaigns of companies with
 * campaignsEnabled; everyone there reads, admins and supervisors write (domain/campaigns/campaign-access.ts).
 * The report (GET /campaigns/{id}/report, ./report.ts) is the sending engine's figures on the campaign.
 */
import {
  campaignIdParamsSchema,
  campaignMediaUploadSchema,
  campaignSchema,
  campaignSettingsBodySchema,
  listCampaignsQuerySchema,
} from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { json, noContent, route } from '../../platform/http-route';
import { removeCampaignMedia, uploadCampaignMedia } from '../../domain/campaigns/campaign-media';
import { listCampaigns } from '../../domain/campaigns/campaign-search';
import { campaignStats, saveCampaignSettings, showCampaignSettings } from '../../domain/campaigns/campaign-settings';
import { assertCampaignsReadable } from '../../domain/campaigns/campaign-access';
import {
  cancelCampaign,
  createCampaign,
  deleteCampaign,
  restartCampaign,
  showCampaign,
  updateCampaign,
} from '../../domain/campaigns/manage-campaigns';
import { campaignReportRoute } from './report';

export const handler = areaRouter('campaigns', [
  route('GET /campaigns', 'user', {
    query: listCampaignsQuerySchema,
    handler: async ({ auth, query }) => {
      await assertCampaignsReadable(auth);
      return json(await listCampaigns(auth.companyId, query));
    },
  }),
  route('GET /campaigns/stats', 'user', {
    handler: async ({ auth }) => json(await campaignStats(auth)),
  }),
  route('POST /campaigns', 'user', {
    body: campaignSchema,
    handler: async ({ auth, body }) => json(await createCampaign(auth, body), 201),
  }),
  route('GET /campaigns/{id}', 'user', {
    params: campaignIdParamsSchema,
    handler: async ({ auth, params }) => json(await showCampaign(auth, params.id)),
  }),
  route('PUT /campaigns/{id}', 'user', {
    params: campaignIdParamsSchema,
    body: campaignSchema,
    handler: async ({ auth, params, body }) => json(await updateCampaign(auth, params.id, body)),
  }),
  route('DELETE /campaigns/{id}', 'user', {
    params: campaignIdParamsSchema,
    handler: async ({ auth, params }) => {
      await deleteCampaign(auth, params.id);
      return noContent();
    },
  }),
  route('POST /campaigns/{id}/cancel', 'user', {
    params: campaignIdParamsSchema,
    handler: async ({ auth, params }) => json(await cancelCampaign(auth, params.id)),
  }),
  route('POST /campaigns/{id}/restart', 'user', {
    params: campaignIdParamsSchema,
    handler: async ({ auth, params }) => json(await restartCampaign(auth, params.id)),
  }),
  campaignReportRoute,
  route('POST /campaigns/{id}/media-upload', 'user', {
    params: campaignIdParamsSchema,
    body: campaignMediaUploadSchema,
    handler: async ({ auth, params, body }) => json(await uploadCampaignMedia(auth, params.id, body)),
  }),
  route('DELETE /campaigns/{id}/media-upload', 'user', {
    params: campaignIdParamsSchema,
    handler: async ({ auth, params }) => json(await removeCampaignMedia(auth, params.id)),
  }),
  route('GET /campaign-settings', 'user', {
    handler: async ({ auth }) => json(await showCampaignSettings(auth)),
  }),
  route('POST /campaign-settings', 'user', {
    body: campaignSettingsBodySchema,
    handler: async ({ auth, body }) => json(await saveCampaignSettings(auth, body.settings)),
  }),
]);
