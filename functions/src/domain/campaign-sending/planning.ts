/**
 * PLANNING, one page of the target per `campaign.plan` step: a shipping record per sendable contact
 * (keyed by position, carrying the target item's id), its connection (round robin by valid index),
 * a random message among the filled ones, then the cursor moves and the next step is queued.
 *
 * Idempotent: a step claims its number with a lease before writing (a duplicate never writes beside
 * it), and completes with a write conditional on the same number (counts move once). A step that
 * crashed is redelivered, finds the lease expired and writes the same keys again (no pacer reads a
 * position before its step completed). A redelivery after completion only re-queues the next step.
 */
import { campaignConfirmationMessages, campaignMessages } from '@atende/shared';
import type { DueJob } from '../../data/due-work';
import { getCampaign, type CampaignRecord } from '../../data/campaigns';
import { listPacers, type PacerRecord } from '../../data/campaign-pacers';
import { claimPlanStep, completePlanStep, getProgress, markPlanQueued } from '../../data/campaign-progress';
import { putPlannedShippings, type ShippingRecord } from '../../data/campaign-shippings';
import { parsePlanJobId, planJob, queueJobAt } from './jobs';
import { assignConnection } from './pacing';
import { taggedIndexReady } from './tagged-backfill';
import { isSendable, readTargetPage, type TargetContact } from './target';

export const PLAN_PAGE_SIZE = 500;
/** Longer than the dispatch Lambda may run, shorter than the redeliveries left. */
export const PLAN_LEASE_MS = 3 * 60_000;
/** A tag campaign's first step waits this long at a time for the company's tagged-ticket backfill. */
export const BACKFILL_WAIT_MS = 30_000;

export interface PlanStepOptions {
  /** Target items read per step (tests and the bench use other sizes). */
  pageSize?: number;
  random?: () => number;
}

export async function runPlanStep(job: DueJob, options: PlanStepOptions = {}): Promise<void> {
  const { pageSize = PLAN_PAGE_SIZE, random = Math.random } = options;
  const { companyId } = job;
  const { campaignId, step } = parsePlanJobId(job.jobId);
  const [campaign, progress] = await Promise.all([getCampaign(companyId, campaignId), getProgress(companyId, campaignId)]);
  if (!campaign || !progress || progress.planDone) return;
  if (progress.planStep === step + 1 && progress.planQueued < step + 1)
    return queueNextStep(companyId, campaignId, step + 1); // queueing it failed last time
  if (progress.planStep !== step) return;
  if (campaign.tagListId && step === 0 && !(await taggedIndexReady(companyId)))
    return queueJobAt(planJob(companyId, campaignId, step, new Date(Date.now() + BACKFILL_WAIT_MS))); // tagged-backfill.ts
  const now = Date.now();
  if (!(await claimPlanStep(companyId, campaignId, step, now, now + PLAN_LEASE_MS))) {
    const again = await getProgress(companyId, campaignId);
    if (again && (again.planDone || again.planStep > step)) return;
    throw new Error(`campaign ${campaignId} planning step ${step} is held by another invocation`);
  }
  const [page, pacers] = await Promise.all([
    readTargetPage(campaign, progress.planCursor ?? undefined, pageSize),
    listPacers(companyId, campaignId), // AP-CP3, ≤ 10
  ]);
  const sendable = page.items.filter(isSendable);
  const at = new Date(now).toISOString();
  const connectionOf = pacerConnections(campaign, pacers);
  await putPlannedShippings(
    sendable.map((c, i) => shippingOf(campaign, connectionOf, c, progress.validContacts + i, at, random)),
  );
  const done = !page.cursor;
  const completed = await completePlanStep(companyId, campaignId, step, {
    cursor: page.cursor ?? null,
    done,
    seen: page.items.length,
    valid: sendable.length,
  });
  if (completed && !done) await queueNextStep(companyId, campaignId, step + 1);
}

async function queueNextStep(companyId: string, campaignId: string, step: number): Promise<void> {
  await queueJobAt(planJob(companyId, campaignId, step));
  await markPlanQueued(companyId, campaignId, step);
}

/**
 * Connection `i` is the one its pacer was created with at the first start: a cancelled campaign saved
 * with its connections in another order (the API allows the same set) keeps each pacer's sends on one
 * connection.
 */
function pacerConnections(campaign: CampaignRecord, pacers: PacerRecord[]): string[] {
  const byIndex = new Map(pacers.map((p) => [p.connIndex, p.connectionId]));
  return campaign.whatsappIds.map((id, i) => byIndex.get(i) ?? id);
}

function shippingOf(
  campaign: CampaignRecord,
  connectionOf: string[],
  contact: TargetContact,
  validIndex: number,
  at: string,
  random: () => number,
): ShippingRecord {
  const { connIndex, position } = assignConnection(validIndex, campaign.whatsappIds.length);
  const messages = campaignMessages(campaign).length;
  const confirmations = campaignConfirmationMessages(campaign).length;
  return {
    companyId: campaign.companyId,
    campaignId: campaign.id,
    connIndex,
    position,
    id: contact.id,
    connectionId: connectionOf[connIndex]!,
    name: contact.name,
    number: contact.number,
    email: contact.email,
    messageSlot: pickSlot(messages, random),
    confirmationSlot: campaign.confirmation && confirmations > 0 ? pickSlot(confirmations, random) : null,
    state: 'planned',
    confirmationRequestedAt: null,
    confirmedAt: null,
    deliveredAt: null,
    failedReason: null,
    createdAt: at,
  };
}

/** 1-based slot among `filled` messages. */
const pickSlot = (filled: number, random: () => number) => Math.min(filled, Math.floor(random() * filled) + 1);
