/**
 * The engine moves a campaign's status itself (EM_ANDAMENTO at its time, FINALIZADA at the end); the
 * consoles learn it on `company-<cid>-campaign` with the campaign's DTO, which the campaigns area
 * (above this one) builds. The jobs that move it take the listener as a parameter; the dispatch
 * Lambda's job table (handlers/dispatch/job-table.ts) passes the one that publishes.
 */
import type { CampaignRecord } from '../../data/campaigns';

export type CampaignStatusListener = (campaign: CampaignRecord) => Promise<void>;

/** Tells nobody (tests and benches without consoles). */
export const ignoreCampaignStatus: CampaignStatusListener = async () => {};
