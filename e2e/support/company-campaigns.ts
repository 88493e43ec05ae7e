/**
 * Campaign set-up and reading for the outbound journey: a super user switches campaigns on for a
 * company with room for the journey's lists (the Companies page's PUT /companies/{id}), and the
 * campaigns API's figures the test waits on.
 */
import type { AdminCompanyDto, CampaignDto, CampaignListAnswer, CampaignReportDto } from '@atende/shared';
import type { LocalStack } from '../../infra/local/stack';
import { api, loginToken } from './local-stack';

/**
 * campaignsEnabled with the campaign parameters the journey needs, as the Companies form saves them
 * (the whole company, its other fields as they were).
 */
export async function enableCampaigns(
  stack: LocalStack,
  companyId: string,
  room: { lists: number; contactsPerList: number },
): Promise<void> {
  const login = stack.seeded.logins.find((candidate) => candidate.role === 'super');
  if (!login?.password) throw new Error('the local stack has no super user login');
  const token = await loginToken(stack, { email: login.email, password: login.password });
  const company = await api<AdminCompanyDto>(stack, token, 'GET', `/companies/${companyId}`);
  await api(stack, token, 'PUT', `/companies/${companyId}`, {
    name: company.name,
    email: company.email,
    // The Companies form fills what /signup did not keep, and takes the due date as a day.
    phone: company.phone || '11999998888',
    vat: company.vat || '11222333000181',
    planId: company.planId,
    status: company.status,
    isResale: company.isResale,
    clientOf: company.clientOf,
    recurrence: company.recurrence,
    dueDate: company.dueDate ? company.dueDate.slice(0, 10) : null,
    timeZone: company.timeZone,
    campaignsEnabled: true,
    campaigns: {
      ...company.campaigns,
      limitOfCampaignBy: 'doNotLimit',
      numberOfCampaigns: 10,
      numberOfGroupsCampaigns: room.lists,
      numberOfContactsInGroupsCampaigns: room.contactsPerList,
    },
  });
}

export const campaignReport = (stack: LocalStack, token: string, campaignId: string) =>
  api<CampaignReportDto>(stack, token, 'GET', `/campaigns/${campaignId}/report`);

/** The campaign the console just saved, by its (unique) name, on the first page (newest first). */
export async function campaignNamed(stack: LocalStack, token: string, name: string): Promise<CampaignDto> {
  const { records } = await api<CampaignListAnswer>(stack, token, 'GET', '/campaigns');
  const found = records.find((campaign) => campaign.name === name);
  if (!found) throw new Error(`no campaign named ${name}`);
  return found;
}
