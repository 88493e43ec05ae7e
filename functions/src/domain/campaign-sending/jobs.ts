/**
 * The sending engine's dispatch jobs. Every step is one message on the dispatch queue (never one
 * long Lambda); waits longer than SQS's 15-minute delay go through the due index instead.
 *
 *   campaign.start  jobId = <campaignId>                      dueAt = the campaign's scheduledAt
 *   campaign.plan   jobId = <campaignId>:<step>               one page of the target
 *   campaign.pace   jobId = <campaignId>:<connIndex>:<seq>    one step of a connection's pacer
 *   campaign.answers  (held-answers.ts)                       after a restart, answers held while cancelled
 */
import type { DueJob } from '../../data/due-work';
import { MAX_DELAY_SECONDS, sendToDispatch } from '../../platform/queues';
import { scheduleDueWork } from '../scheduler/due-work';

export const CAMPAIGN_START_JOB = 'campaign.start';
export const CAMPAIGN_PLAN_JOB = 'campaign.plan';
export const CAMPAIGN_PACE_JOB = 'campaign.pace';

export const campaignStartJob = (companyId: string, campaignId: string, scheduledAt: string): DueJob => ({
  companyId,
  jobType: CAMPAIGN_START_JOB,
  jobId: campaignId,
  dueAt: new Date(scheduledAt).toISOString(),
});

export const planJob = (companyId: string, campaignId: string, step: number, at = new Date()): DueJob => ({
  companyId,
  jobType: CAMPAIGN_PLAN_JOB,
  jobId: `${campaignId}:${step}`,
  dueAt: at.toISOString(),
});

export const paceJob = (companyId: string, campaignId: string, connIndex: number, seq: number, at: Date): DueJob => ({
  companyId,
  jobType: CAMPAIGN_PACE_JOB,
  jobId: `${campaignId}:${connIndex}:${seq}`,
  dueAt: at.toISOString(),
});

export function parsePlanJobId(jobId: string): { campaignId: string; step: number } {
  const [campaignId, step] = jobId.split(':');
  return { campaignId: campaignId!, step: Number(step) };
}

export function parsePaceJobId(jobId: string): { campaignId: string; connIndex: number; seq: number } {
  const [campaignId, connIndex, seq] = jobId.split(':');
  return { campaignId: campaignId!, connIndex: Number(connIndex), seq: Number(seq) };
}

/** Queues the job to run at its `dueAt`: on the dispatch queue with a delay, or on the due index beyond 15 minutes. */
export async function queueJobAt(job: DueJob, now = Date.now()): Promise<void> {
  const delaySeconds = Math.max(0, (Date.parse(job.dueAt) - now) / 1000);
  if (delaySeconds <= MAX_DELAY_SECONDS) await sendToDispatch(job, Math.ceil(delaySeconds));
  else await scheduleDueWork(job, new Date(now));
}
