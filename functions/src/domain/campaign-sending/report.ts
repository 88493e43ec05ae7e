/** The report's figures (GET /campaigns/{id}/report): the progress item's counters, one read (AP-CP1). */
import type { CampaignReportDto } from '@atende/shared';
import { getProgress } from '../../data/campaign-progress';

export type CampaignFigures = Omit<CampaignReportDto, 'campaign'>;

/** Zeros for a campaign that never started. The company is the caller's: another tenant's id reads nothing. */
export async function campaignFigures(companyId: string, campaignId: string): Promise<CampaignFigures> {
  const p = await getProgress(companyId, campaignId);
  return {
    validContacts: p?.validContacts ?? 0,
    planned: p?.planned ?? 0,
    delivered: p?.delivered ?? 0,
    confirmationRequested: p?.confirmationRequested ?? 0,
    confirmed: p?.confirmed ?? 0,
    failed: p?.failed ?? 0,
  };
}
