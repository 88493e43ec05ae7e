/**
 * Campaign CRUD, cancel and restart (spec part 3 §7 "Campaigns", §4 statuses). A save sets
 * INATIVA or PROGRAMADA and puts the start on (or off) the sending engine's schedule; the engine owns
 * every later transition (EM_ANDAMENTO, FINALIZADA) and the cancel/restart themselves
 * (domain/campaign-sending/control.ts). Creating counts the campaign in its period, in the same
 * transaction, refused past the plan's allowance (campaign-periods.ts).
 */
import { monotonicUlid } from '@atende/shared/ids';
import { DEFAULT_TIME_ZONE, type CampaignDto, type CampaignInput } from '@atende/shared';
import { CAMPAIGN_LIMIT_LABEL, campaignCountMoves } from '../../data/campaign-counts';
import {
  deleteCampaignUnlessRunning,
  getCampaign,
  insertCampaign,
  updateCampaign as writeCampaign,
  type CampaignRecord,
} from '../../data/campaigns';
import { getCompany } from '../../data/companies';
import { TransactionConditionFailed } from '../../data/transactions';
import { AppError } from '../../platform/app-error';
import { logger } from '../../platform/logger';
import type { AccessClaims } from '../../platform/jwt';
import {
  cancelCampaign as cancelSending,
  restartCampaign as restartSending,
  scheduleCampaignStart,
  unscheduleCampaignStart,
} from '../campaign-sending/control';
import { taggedIndexReady } from '../campaign-sending/tagged-backfill';
import { assertCampaignsManageable, assertCampaignsReadable, campaignNotFound, companyCampaign } from './campaign-access';
import { toCampaignDto } from './campaign-dto';
import { publishCampaignDeleted, publishCampaignSaved } from './campaign-events';
import { campaignCounters, campaignPeriodKey } from './campaign-periods';
import {
  assertMaySave,
  assertScheduleAhead,
  assertTargetsOwned,
  campaignContent,
  savedStatus,
  WRITE_ATTEMPTS,
} from './campaign-rules';
import { campaignTokens, indexCampaignWords, unindexCampaignWords } from './campaign-search';

const statusRefused = () => new AppError('ERR_CAMPAIGN_STATUS', 409);

/**
 * A tag campaign starts the company's tagged-ticket backfill early (tagged-backfill.ts), so it is
 * usually done by the scheduled time. Not fatal: the save stands, and the campaign's first planning
 * step waits for the backfill and starts (or resumes) it itself.
 */
async function prepareTagTarget(companyId: string): Promise<void> {
  await taggedIndexReady(companyId).catch((err: unknown) =>
    logger.warn('tagged-ticket backfill not started at save; planning will', { companyId, err }),
  );
}

export async function showCampaign(auth: AccessClaims, id: string): Promise<CampaignDto> {
  await assertCampaignsReadable(auth);
  return toCampaignDto(await companyCampaign(auth, id));
}

/** POST /campaigns. */
export async function createCampaign(auth: AccessClaims, input: CampaignInput): Promise<CampaignDto> {
  const { parameters } = await assertCampaignsManageable(auth);
  const content = campaignContent(input);
  assertScheduleAhead(content);
  const companyId = auth.companyId;
  const [company] = await Promise.all([getCompany(companyId), assertTargetsOwned(companyId, content)]); // AP-C1
  const now = new Date();
  const timeZone = company?.timeZone || DEFAULT_TIME_ZONE;
  const limit = parameters.limitOfCampaignBy;
  const campaign: CampaignRecord = {
    id: monotonicUlid(), // creation order: the list is newest first by id
    companyId,
    ...content,
    status: savedStatus(content),
    completedAt: null,
    mediaPath: null,
    mediaName: null,
    mediaMimetype: null,
    searchTokens: campaignTokens(content.name),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  const counts = campaignCountMoves(
    companyId,
    campaignCounters(now, timeZone),
    limit === 'doNotLimit'
      ? undefined
      : { key: campaignPeriodKey(limit, now, timeZone), limit: parameters.numberOfCampaigns },
  );
  await indexCampaignWords(companyId, campaign.id, campaign.searchTokens);
  try {
    await insertCampaign(campaign, counts); // AP-CA1 + AP-CA4, one transaction
  } catch (err) {
    await unindexCampaignWords(companyId, campaign.id, campaign.searchTokens);
    if (err instanceof TransactionConditionFailed && err.has(CAMPAIGN_LIMIT_LABEL))
      throw new AppError('ERR_CAMPAIGN_LIMIT', 400);
    throw err;
  }
  if (campaign.scheduledAt) await scheduleCampaignStart(companyId, campaign.id, campaign.scheduledAt);
  if (campaign.tagListId) await prepareTagTarget(companyId);
  const dto = await toCampaignDto(campaign);
  await publishCampaignSaved(companyId, 'create', dto);
  return dto;
}

/** PUT /campaigns/{id}: the whole editor, while the editing rule allows it. */
export async function updateCampaign(auth: AccessClaims, id: string, input: CampaignInput): Promise<CampaignDto> {
  await assertCampaignsManageable(auth);
  const content = campaignContent(input);
  await assertTargetsOwned(auth.companyId, content);
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const before = await companyCampaign(auth, id);
    assertMaySave(before, content);
    if (content.scheduledAt !== before.scheduledAt) assertScheduleAhead(content);
    const searchTokens = campaignTokens(content.name);
    await indexCampaignWords(auth.companyId, id, searchTokens, before.searchTokens);
    const after = await writeCampaign(before, {
      ...content,
      status: before.status === 'CANCELADA' ? 'CANCELADA' : savedStatus(content),
      searchTokens,
      updatedAt: new Date().toISOString(),
    });
    if (!after) continue; // changed meanwhile (the engine started it, another save): judge again
    await unindexCampaignWords(auth.companyId, id, before.searchTokens, searchTokens);
    await moveSchedule(before, after);
    if (after.tagListId) await prepareTagTarget(auth.companyId);
    const dto = await toCampaignDto(after);
    await publishCampaignSaved(auth.companyId, 'update', dto);
    return dto;
  }
  throw new AppError('ERR_CONFLICT', 409);
}

/** The start follows the saved time: off the old one, on the new one (the engine ignores a stale entry). */
async function moveSchedule(before: CampaignRecord, after: CampaignRecord): Promise<void> {
  const wasScheduled = before.status === 'PROGRAMADA' && before.scheduledAt;
  const isScheduled = after.status === 'PROGRAMADA' && after.scheduledAt;
  if (wasScheduled && before.scheduledAt !== (isScheduled ? after.scheduledAt : null))
    await unscheduleCampaignStart(before.companyId, before.id, before.scheduledAt!);
  if (isScheduled) await scheduleCampaignStart(after.companyId, after.id, after.scheduledAt!);
}

/** DELETE /campaigns/{id}: refused while sending (cancel first). */
export async function deleteCampaign(auth: AccessClaims, id: string): Promise<void> {
  await assertCampaignsManageable(auth);
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const before = await companyCampaign(auth, id);
    if (before.status === 'EM_ANDAMENTO') throw new AppError('ERR_CAMPAIGN_RUNNING', 409);
    if (!(await deleteCampaignUnlessRunning(before))) continue;
    if (before.status === 'PROGRAMADA' && before.scheduledAt)
      await unscheduleCampaignStart(before.companyId, before.id, before.scheduledAt);
    await unindexCampaignWords(auth.companyId, id, before.searchTokens);
    await publishCampaignDeleted(auth.companyId, id);
    return;
  }
  throw new AppError('ERR_CONFLICT', 409);
}

/** POST /campaigns/{id}/cancel: EM_ANDAMENTO → CANCELADA (the engine's pacers stop at their next step). */
export async function cancelCampaign(auth: AccessClaims, id: string): Promise<CampaignDto> {
  return changeSending(auth, id, { from: 'EM_ANDAMENTO', to: ['CANCELADA'] }, cancelSending);
}

/** POST /campaigns/{id}/restart: CANCELADA → EM_ANDAMENTO, continuing where it stopped. */
export async function restartCampaign(auth: AccessClaims, id: string): Promise<CampaignDto> {
  return changeSending(auth, id, { from: 'CANCELADA', to: ['EM_ANDAMENTO', 'FINALIZADA'] }, restartSending);
}

async function changeSending(
  auth: AccessClaims,
  id: string,
  move: { from: CampaignRecord['status']; to: CampaignRecord['status'][] },
  act: (companyId: string, campaignId: string) => Promise<void>,
): Promise<CampaignDto> {
  await assertCampaignsManageable(auth);
  const before = await companyCampaign(auth, id);
  if (before.status !== move.from) throw statusRefused();
  await act(auth.companyId, id);
  const after = await getCampaign(auth.companyId, id); // AP-CA1
  if (!after) throw campaignNotFound();
  if (!move.to.includes(after.status)) throw statusRefused(); // it finished or changed meanwhile
  const dto = await toCampaignDto(after);
  await publishCampaignSaved(auth.companyId, 'update', dto);
  return dto;
}
