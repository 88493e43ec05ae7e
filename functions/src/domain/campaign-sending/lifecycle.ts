/**
 * A campaign's life in the engine: started at its time (`campaign.start`), cancelled, restarted,
 * finished. Every status move is conditional (setCampaignStatus), so a cancel and the engine's own
 * moves never both win; the pacers read the status at every step.
 */
import type { DueJob } from '../../data/due-work';
import { getCampaign, setCampaignStatus, type CampaignRecord } from '../../data/campaigns';
import { CONFIRMATION_WAIT_SECONDS, extendConfirmationWindow } from '../../data/campaign-confirmations';
import { listPacers, createPacer } from '../../data/campaign-pacers';
import { createProgress, getProgress, markPacerDone } from '../../data/campaign-progress';
import { paceJob, planJob, queueJobAt } from './jobs';
import type { CampaignStatusListener } from './status-events';
import { CONFIRMATION_WINDOW_CACHE_MS } from './confirmation';
import { heldAnswersJob } from './held-answers';

/** `campaign.start`: PROGRAMADA → EM_ANDAMENTO at the scheduled time, then planning and the pacers. */
export async function runCampaignStart(job: DueJob, statusChanged: CampaignStatusListener): Promise<void> {
  const campaign = await getCampaign(job.companyId, job.jobId);
  if (!campaign?.scheduledAt || Date.parse(campaign.scheduledAt) !== Date.parse(job.dueAt)) return; // moved or gone
  const moved =
    campaign.status === 'PROGRAMADA' &&
    (await setCampaignStatus(campaign.companyId, campaign.id, { from: ['PROGRAMADA'], to: 'EM_ANDAMENTO' }));
  const running = moved ? await getCampaign(campaign.companyId, campaign.id) : campaign;
  // Also when a first attempt moved the status and crashed before queueing: every step below is idempotent.
  if (running?.status !== 'EM_ANDAMENTO') return;
  await beginSending(running);
  if (moved) await statusChanged(running);
}

/**
 * Creates the progress and one pacer per connection (when missing) and queues planning's current
 * step and each pacer's current step. Run again (a retried start, a restart), it only queues steps
 * whose duplicates the step claims absorb.
 */
export async function beginSending(campaign: CampaignRecord): Promise<void> {
  const { companyId, id } = campaign;
  await createProgress(companyId, id);
  await Promise.all(
    campaign.whatsappIds.map((connectionId, connIndex) =>
      createPacer({ companyId, campaignId: id, connIndex, connectionId }),
    ),
  );
  let firstSendAt = Date.now();
  if (campaign.confirmation) {
    await extendConfirmationWindow(companyId, Date.now() + CONFIRMATION_WAIT_SECONDS * 1000);
    // Every inbound process re-reads the window before the first request can be answered.
    firstSendAt += CONFIRMATION_WINDOW_CACHE_MS;
  }
  const progress = (await getProgress(companyId, id))!;
  if (!progress.planDone) await queueJobAt(planJob(companyId, id, progress.planStep));
  for (const pacer of await listPacers(companyId, id))
    await queueJobAt(paceJob(companyId, id, pacer.connIndex, pacer.seq, new Date(Math.max(pacer.notBefore, firstSendAt))));
}

/** EM_ANDAMENTO → CANCELADA; the pacers stop at their next step. */
export async function cancelRunningCampaign(companyId: string, campaignId: string): Promise<boolean> {
  return setCampaignStatus(companyId, campaignId, { from: ['EM_ANDAMENTO'], to: 'CANCELADA' });
}

/** CANCELADA → EM_ANDAMENTO; each pacer continues from its own position, planning from its cursor. */
export async function restartCancelledCampaign(companyId: string, campaignId: string): Promise<boolean> {
  const moved = await setCampaignStatus(companyId, campaignId, {
    from: ['CANCELADA'],
    to: 'EM_ANDAMENTO',
    completedAt: null,
  });
  const campaign = await getCampaign(companyId, campaignId);
  if (campaign?.status !== 'EM_ANDAMENTO') return moved;
  await beginSending(campaign);
  // answers that came while it was cancelled get their main message now (a repeated restart finds none left)
  if (campaign.confirmation) await queueJobAt(heldAnswersJob(companyId, campaignId, Date.now()));
  return moved;
}

/** Pacer `connIndex` reached the end: when planning is done and every pacer is, FINALIZADA (once). */
export async function pacerFinished(
  campaign: CampaignRecord,
  connIndex: number,
  statusChanged: CampaignStatusListener,
): Promise<void> {
  // Answers to its last requests are awaited as long as those requests are kept.
  if (campaign.confirmation)
    await extendConfirmationWindow(campaign.companyId, Date.now() + CONFIRMATION_WAIT_SECONDS * 1000);
  const done = await markPacerDone(campaign.companyId, campaign.id, connIndex);
  const progress = await getProgress(campaign.companyId, campaign.id);
  if (!progress?.planDone || campaign.whatsappIds.some((_, i) => !done.includes(i))) return;
  const completedAt = new Date().toISOString();
  if (await setCampaignStatus(campaign.companyId, campaign.id, { from: ['EM_ANDAMENTO'], to: 'FINALIZADA', completedAt })) {
    const finished = await getCampaign(campaign.companyId, campaign.id);
    if (finished) await statusChanged(finished);
  }
}
