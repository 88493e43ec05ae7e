/**
 * Campaign set-up and reading for the outbound journey: a super user switches campaigns on for a
 * company with room for the journey's lists (the Companies page's PUT /companies/{id}), and the
 * campaigns API's figures the test waits on.
 */
import type { CampaignDto, CampaignListAnswer, CampaignReportDto } from '@atende/shared';
import type { LocalStack } from '../../infra/local/stack';
import { updateCompanyAsSuper } from './company-options';
import { api } from './local-stack';

/**
 * campaignsEnabled with the campaign parameters the journey needs, as the Companies form saves them
 * (the whole company, its other fields as they were).
 */
export async function enableCampaigns(
  stack: LocalStack,
  companyId: string,
  room: { lists: number; contactsPerList: number },
): Promise<void> {
  await updateCompanyAsSuper(stack, companyId, (company) => ({
    campaignsEnabled: true,
    campaigns: {
      ...company.campaigns,
      limitOfCampaignBy: 'doNotLimit',
      numberOfCampaigns: 10,
      numberOfGroupsCampaigns: room.lists,
      numberOfContactsInGroupsCampaigns: room.contactsPerList,
    },
  }));
}

/** The campaign settings that send as fast as the engine goes (no waits, a cap no test reaches). */
export const UNPACED_CAMPAIGN_SETTINGS = {
  messageInterval: 0,
  longerIntervalAfter: 0,
  greaterInterval: 0,
  dailyCapPerConnection: 5000,
  variables: [],
};

export const campaignReport = (stack: LocalStack, token: string, campaignId: string) =>
  api<CampaignReportDto>(stack, token, 'GET', `/campaigns/${campaignId}/report`);

/** The campaign the console just saved, by its (unique) name, on the first page (newest first). */
export async function campaignNamed(stack: LocalStack, token: string, name: string): Promise<CampaignDto> {
  const { records } = await api<CampaignListAnswer>(stack, token, 'GET', '/campaigns');
  const found = records.find((campaign) => campaign.name === name);
  if (!found) throw new Error(`no campaign named ${name}`);
  return found;
}
