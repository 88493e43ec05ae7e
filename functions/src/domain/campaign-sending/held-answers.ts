/**
 * `campaign.answers`: after a restart, the main messages of the confirmation requests answered while
 * the campaign was cancelled (confirmation.ts holds them, AP-CC3). One page per step, each answer
 * released once its main message is queued; a step that finds the campaign cancelled again stops,
 * leaving the rest held for the next restart. Redelivery-safe: the main message's move is
 * conditional and its command id is the shipping's, so a repeated step queues nothing new.
 *
 *   campaign.answers   jobId = <campaignId>:<restartedAt>:<step>
 */
import type { DueJob } from '../../data/due-work';
import { listHeldAnswers, releaseHeldAnswer } from '../../data/campaign-confirmations';
import { getCampaign } from '../../data/campaigns';
import { sendConfirmedMain } from './confirmation';
import { queueJobAt } from './jobs';

export const CAMPAIGN_ANSWERS_JOB = 'campaign.answers';
export const HELD_ANSWERS_PAGE = 50;

export const heldAnswersJob = (companyId: string, campaignId: string, restartedAt: number, step = 0): DueJob => ({
  companyId,
  jobType: CAMPAIGN_ANSWERS_JOB,
  jobId: `${campaignId}:${restartedAt}:${step}`,
  dueAt: new Date().toISOString(),
});

export async function runHeldAnswers(job: DueJob): Promise<void> {
  const [campaignId, restartedAt, step] = job.jobId.split(':');
  const campaign = await getCampaign(job.companyId, campaignId!);
  if (campaign?.status !== 'EM_ANDAMENTO') return;
  const held = await listHeldAnswers(job.companyId, campaign.id, HELD_ANSWERS_PAGE);
  for (const answer of held) {
    if ((await sendConfirmedMain(answer)) === 'held') return; // cancelled again meanwhile
    await releaseHeldAnswer(answer);
  }
  if (held.length === HELD_ANSWERS_PAGE)
    await queueJobAt(heldAnswersJob(job.companyId, campaign.id, Number(restartedAt), Number(step) + 1));
}
