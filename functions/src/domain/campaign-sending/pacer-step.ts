/**
 * `campaign.pace`: one step of a (campaign, connection) pacer. A step either sends the connection's
 * next shipping, waits for planning to catch up, waits for the next day (daily cap), or ends the
 * chain. It decides, claims its number (`seq` → `seq + 1` with the new position and the wait,
 * conditional), and only then sends and queues the next step with the wait as its delay.
 *
 * At-least-once safety:
 * - A message whose `seq` is not the pacer's is stale and does nothing, so a duplicate can never
 *   start a second chain; of two copies of the current step only one claim succeeds, and only that
 *   one sends and queues a successor.
 * - A copy arriving before the pacer's `notBefore` (a restart's kick, a duplicate) waits for it, so
 *   nothing sends faster than the settings say.
 * - A crash after the claim is healed by the step's redelivery: it finds the pacer one step ahead
 *   with the successor not queued (`enqueuedSeq`), completes the claimed send (the shipping is still
 *   `planned`; same command id) and queues the successor.
 * - A campaign that is not EM_ANDAMENTO stops the chain here; a restart queues the current step again.
 * - A connection deleted mid-campaign: each remaining shipping fails in its own step, at once (no
 *   wait, no daily quota), so the pacer reaches its end and the campaign can finish.
 */
import type { CampaignSettings } from '@atende/shared';
import type { DueJob } from '../../data/due-work';
import { getCampaign, type CampaignRecord } from '../../data/campaigns';
import { getCampaignSettings } from '../../data/campaign-settings';
import {
  advancePacer,
  getPacer,
  markPacerEnqueued,
  takeDailySend,
  type PacerAdvance,
  type PacerRecord,
} from '../../data/campaign-pacers';
import { getProgress, progressCount } from '../../data/campaign-progress';
import { getShipping, moveShipping, type ShippingRecord } from '../../data/campaign-shippings';
import { getConnection, type ConnectionRecord } from '../../data/connections';
import { awaitAnswer } from './confirmation';
import { paceJob, parsePaceJobId, queueJobAt } from './jobs';
import { pacerFinished } from './lifecycle';
import type { CampaignStatusListener } from './status-events';
import { nextQuotaDay, nextSlot, plannedFor, quotaDay, waitAfterSend } from './pacing';
import { queueShippingPart } from './send-shipping';

/** How often a pacer that caught up with planning looks again. */
export const PLANNING_POLL_MS = 5_000;
/** SQS delays are whole seconds. */
const EARLY_TOLERANCE_MS = 1_000;

/** `statusChanged` hears the campaign's move to FINALIZADA when this step finishes it. */
export async function runPacerStep(
  job: DueJob,
  statusChanged: CampaignStatusListener,
  random: () => number = Math.random,
): Promise<void> {
  const { companyId } = job;
  const { campaignId, connIndex, seq } = parsePaceJobId(job.jobId);
  const [pacer, campaign] = await Promise.all([
    getPacer(companyId, campaignId, connIndex),
    getCampaign(companyId, campaignId),
  ]);
  if (!pacer || !campaign) return;
  if (seq === pacer.seq - 1 && pacer.enqueuedSeq < pacer.seq) return completeClaimedStep(campaign, pacer); // crashed after its claim
  if (seq !== pacer.seq || campaign.status !== 'EM_ANDAMENTO') return;
  const now = Date.now();
  if (now < pacer.notBefore - EARLY_TOLERANCE_MS)
    return queueJobAt(paceJob(companyId, campaignId, connIndex, seq, new Date(pacer.notBefore)), now);

  const stay = { position: pacer.position, sinceLongPause: pacer.sinceLongPause, sendingPosition: -1 };
  const progress = await getProgress(companyId, campaignId);
  if (!progress) return;
  if (pacer.position >= plannedFor(progress.validContacts, connIndex, campaign.whatsappIds.length)) {
    if (progress.planDone) return pacerFinished(campaign, connIndex, statusChanged);
    return claimAndRun(campaign, pacer, { ...stay, notBefore: now + PLANNING_POLL_MS });
  }
  const shipping = await getShipping({ companyId, campaignId, connIndex, position: pacer.position });
  if (!shipping) throw new Error(`campaign ${campaignId}: no shipping at ${connIndex}/${pacer.position} although planned`);
  const settings = await getCampaignSettings(companyId);
  const wait = waitAfterSend(settings, pacer.sinceLongPause, random);
  const next = {
    position: pacer.position + 1,
    sinceLongPause: wait.sinceLongPause,
    notBefore: nextSlot(pacer.notBefore, now, wait),
  };
  if (shipping.state !== 'planned') return claimAndRun(campaign, pacer, { ...next, sendingPosition: -1 }); // sent before a restart's rewind
  const connection = await getConnection(companyId, shipping.connectionId);
  // A connection deleted mid-campaign: its shippings fail one step each, at once (no wait, no quota).
  if (!connection)
    return claimAndRun(
      campaign,
      pacer,
      { ...stay, position: pacer.position + 1, notBefore: now, sendingPosition: pacer.position },
      { shipping, settings },
    );
  if (!(await takeDailySend(companyId, shipping.connectionId, quotaDay(now), settings.dailyCapPerConnection)))
    return claimAndRun(campaign, pacer, { ...stay, notBefore: nextQuotaDay(now) });
  return claimAndRun(campaign, pacer, { ...next, sendingPosition: pacer.position }, { shipping, settings, connection });
}

/** Claims step `pacer.seq`; the winner sends what the step decided and queues the successor. */
async function claimAndRun(
  campaign: CampaignRecord,
  pacer: PacerRecord,
  advance: PacerAdvance,
  send?: { shipping: ShippingRecord; settings: CampaignSettings; connection?: ConnectionRecord },
): Promise<void> {
  if (!(await advancePacer(pacer, advance))) return; // another copy of this step got there first
  if (send) await sendShipping(campaign, send.shipping, send.settings, send.connection);
  await queueStep({ ...pacer, ...advance, seq: pacer.seq + 1 });
}

async function completeClaimedStep(campaign: CampaignRecord, pacer: PacerRecord): Promise<void> {
  if (pacer.sendingPosition >= 0 && campaign.status === 'EM_ANDAMENTO') {
    const ref = { companyId: pacer.companyId, campaignId: pacer.campaignId, connIndex: pacer.connIndex };
    const shipping = await getShipping({ ...ref, position: pacer.sendingPosition });
    if (shipping?.state === 'planned') await sendShipping(campaign, shipping, await getCampaignSettings(pacer.companyId));
  }
  await queueStep(pacer);
}

/** Sends the first part the contact gets (the confirmation request, or the main message) and records it. */
async function sendShipping(
  campaign: CampaignRecord,
  shipping: ShippingRecord,
  settings: CampaignSettings,
  read?: ConnectionRecord,
): Promise<void> {
  const { companyId, campaignId } = shipping;
  const connection = read ?? (await getConnection(companyId, shipping.connectionId));
  if (!connection) {
    await moveShipping(shipping, { from: ['planned'], to: 'failed', set: { failedReason: 'connection removed' } }, [
      progressCount(companyId, campaignId, { failed: 1 }),
    ]);
    return;
  }
  const at = new Date().toISOString();
  if (shipping.confirmationSlot !== null && campaign.confirmation) {
    await awaitAnswer(shipping);
    await queueShippingPart(campaign, shipping, 'confirm', connection, settings.variables);
    await moveShipping(shipping, { from: ['planned'], to: 'confirmationRequested', set: { confirmationRequestedAt: at } }, [
      progressCount(companyId, campaignId, { confirmationRequested: 1 }),
    ]);
    return;
  }
  await queueShippingPart(campaign, shipping, 'main', connection, settings.variables);
  await moveShipping(shipping, { from: ['planned'], to: 'delivered', set: { deliveredAt: at } }, [
    progressCount(companyId, campaignId, { delivered: 1 }),
  ]);
}

async function queueStep(pacer: PacerRecord): Promise<void> {
  await queueJobAt(paceJob(pacer.companyId, pacer.campaignId, pacer.connIndex, pacer.seq, new Date(pacer.notBefore)));
  await markPacerEnqueued(pacer.companyId, pacer.campaignId, pacer.connIndex, pacer.seq);
}
