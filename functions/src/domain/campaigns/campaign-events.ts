import type { CampaignDto } from '@atende/shared';
import { publish } from '../../platform/realtime-publisher';

/**
 * `company-<cid>-campaign`: every user of the company may read its campaigns (campaign-access.ts),
 * so the audience is the company.
 */
export async function publishCampaignSaved(
  companyId: string,
  action: 'create' | 'update',
  record: CampaignDto,
): Promise<void> {
  await publish(companyId, 'campaign', { action, record }, { kind: 'company' });
}

export async function publishCampaignDeleted(companyId: string, id: string): Promise<void> {
  await publish(companyId, 'campaign', { action: 'delete', id }, { kind: 'company' });
}
