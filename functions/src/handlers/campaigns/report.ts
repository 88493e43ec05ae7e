/** GET /campaigns/{id}/report (spec part 3 "Campaign report page"): the campaign and the engine's figures. */
import { campaignIdParamsSchema, type CampaignReportDto } from '@atende/shared';
import { json, route } from '../../platform/http-route';
import { assertCampaignsReadable, companyCampaign } from '../../domain/campaigns/campaign-access';
import { toCampaignDto } from '../../domain/campaigns/campaign-dto';
import { campaignFigures } from '../../domain/campaign-sending/report';

export const campaignReportRoute = route('GET /campaigns/{id}/report', 'user', {
  params: campaignIdParamsSchema,
  handler: async ({ auth, params }) => {
    await assertCampaignsReadable(auth);
    const campaign = await companyCampaign(auth, params.id);
    const report: CampaignReportDto = {
      campaign: await toCampaignDto(campaign),
      ...(await campaignFigures(auth.companyId, campaign.id)),
    };
    return json(report);
  },
});
