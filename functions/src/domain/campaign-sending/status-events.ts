/**
 * The engine moves a campaign's status itself (EM_ANDAMENTO at its time, FINALIZADA at the end); the
 * consoles learn it on `company-<cid>-campaign` with the campaign's DTO, which the campaigns area
 * (above this one) builds. That area's listener is registered by the Lambda that runs the engine
 * (handlers/dispatch/registered-jobs.ts); without one (unit tests), nothing is published.
 */
import type { CampaignRecord } from '../../data/campaigns';

export type CampaignStatusListener = (campaign: CampaignRecord) => Promise<void>;

let listener: CampaignStatusListener | undefined;

export function onCampaignStatusChanged(next: CampaignStatusListener | undefined): void {
  listener = next;
}

export async function campaignStatusChanged(campaign: CampaignRecord): Promise<void> {
  await listener?.(campaign);
}
