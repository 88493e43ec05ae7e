/**
 * What the campaigns API asks of the sending engine: put a start on (or off) the due index, cancel a
 * running campaign, restart a cancelled one. The pacers read the campaign's status at every step, so
 * a cancel stops them at their next step and a restart continues from each pacer's own position.
 */
import { epochMinute } from '../../data/due-work';
import { cancelDueWork, scheduleDueWork } from '../scheduler/due-work';
import { campaignStartJob } from './jobs';
import { cancelRunningCampaign, restartCancelledCampaign } from './lifecycle';

/**
 * Idempotent: the same (campaign, time) is one due entry. A time already past starts at the next
 * tick (within a minute). The job runs only while the campaign is PROGRAMADA at exactly this time,
 * so an entry left from an earlier schedule does nothing.
 */
export async function scheduleCampaignStart(companyId: string, campaignId: string, scheduledAt: string): Promise<void> {
  await scheduleDueWork(campaignStartJob(companyId, campaignId, scheduledAt));
}

/** Takes an earlier schedule's entry off the index (one the tick already queued finds the time changed). */
export async function unscheduleCampaignStart(companyId: string, campaignId: string, scheduledAt: string): Promise<void> {
  const job = campaignStartJob(companyId, campaignId, scheduledAt);
  await cancelDueWork({ job, minute: epochMinute(job.dueAt) });
}

/** EM_ANDAMENTO → CANCELADA; pacers stop at their next step. */
export async function cancelCampaign(companyId: string, campaignId: string): Promise<void> {
  await cancelRunningCampaign(companyId, campaignId);
}

/** CANCELADA → EM_ANDAMENTO; continues where it stopped, never resending. */
export async function restartCampaign(companyId: string, campaignId: string): Promise<void> {
  await restartCancelledCampaign(companyId, campaignId);
}
