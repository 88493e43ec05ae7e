/**
 * What a save must respect (spec part 3 §4, §5 "Campaign"): the editing rule (isCampaignEditable),
 * what a CANCELADA campaign may still change (its name and messages: the sending engine continues it
 * on restart with the same target, connections and flow), that the target list, the tag and the
 * connections are the company's own, and a scheduled time that is not already past.
 */
import {
  CAMPAIGN_MSG,
  isCampaignEditable,
  isCampaignSetupLocked,
  type CampaignInput,
  type CampaignStatus,
} from '@atende/shared';
import type { CampaignContent, CampaignRecord } from '../../data/campaigns';
import { listConnections } from '../../data/connections';
import { getContactList } from '../../data/contact-lists';
import { getTags } from '../../data/tags';
import { AppError } from '../../platform/app-error';

/** Conditional writes lost to another change of the same campaign before giving up with 409. */
export const WRITE_ATTEMPTS = 5;
/** A scheduled time this far in the past is still taken as "now" (the form's clock, the request's trip). */
const PAST_SCHEDULE_GRACE_MS = 60_000;

const invalidField = (field: string, message = 'validation.invalid') =>
  new AppError('ERR_VALIDATION', 400, { fields: { [field]: message } });
export const notEditable = () => new AppError('ERR_CAMPAIGN_NOT_EDITABLE', 409);

/** The stored form of what the editor sends: empty slots as '', connections once each. */
export function campaignContent(input: CampaignInput): CampaignContent {
  return {
    name: input.name,
    message1: input.message1 ?? '',
    message2: input.message2 ?? '',
    message3: input.message3 ?? '',
    message4: input.message4 ?? '',
    message5: input.message5 ?? '',
    confirmation: input.confirmation,
    confirmationMessage1: input.confirmationMessage1 ?? '',
    confirmationMessage2: input.confirmationMessage2 ?? '',
    confirmationMessage3: input.confirmationMessage3 ?? '',
    confirmationMessage4: input.confirmationMessage4 ?? '',
    confirmationMessage5: input.confirmationMessage5 ?? '',
    contactListId: input.contactListId ?? null,
    tagListId: input.tagListId ?? null,
    whatsappIds: [...new Set(input.whatsappIds)],
    scheduledAt: input.scheduledAt ? new Date(input.scheduledAt).toISOString() : null,
  };
}

/** Spec: a time makes the campaign PROGRAMADA, none keeps it INATIVA. */
export const savedStatus = (content: Pick<CampaignContent, 'scheduledAt'>): CampaignStatus =>
  content.scheduledAt ? 'PROGRAMADA' : 'INATIVA';

/** A new scheduled time must not be past (an unchanged one may be: the campaign is then CANCELADA's or started). */
export function assertScheduleAhead(content: Pick<CampaignContent, 'scheduledAt'>, now = Date.now()): void {
  if (content.scheduledAt && Date.parse(content.scheduledAt) < now - PAST_SCHEDULE_GRACE_MS)
    throw invalidField('scheduledAt', CAMPAIGN_MSG.scheduledAtInvalid);
}

const FIXED_WHEN_CANCELLED = ['contactListId', 'tagListId', 'scheduledAt', 'confirmation'] as const;

/**
 * Whether `before` may take `next`: editable by the rule, and a CANCELADA one only with the same
 * target, connections, schedule and confirmation flow (ERR_CAMPAIGN_NOT_EDITABLE otherwise).
 */
export function assertMaySave(before: CampaignRecord, next: CampaignContent, now = Date.now()): void {
  if (!isCampaignEditable(before, now)) throw notEditable();
  if (!isCampaignSetupLocked(before)) return;
  const sameConnections =
    before.whatsappIds.length === next.whatsappIds.length && before.whatsappIds.every((id) => next.whatsappIds.includes(id));
  if (!sameConnections || FIXED_WHEN_CANCELLED.some((field) => before[field] !== next[field])) throw notEditable();
}

/** The list, the tag and every connection must be the company's own (read under its key: another tenant's id is not found). */
export async function assertTargetsOwned(companyId: string, content: CampaignContent): Promise<void> {
  const [list, tags, connections] = await Promise.all([
    content.contactListId ? getContactList(companyId, content.contactListId) : undefined, // AP-CL1
    content.tagListId ? getTags(companyId, [content.tagListId]) : [], // AP-TG2
    listConnections(companyId), // AP-W2: bounded by the plan's connections
  ]);
  if (content.contactListId && !list) throw invalidField('contactListId');
  if (content.tagListId && !tags.length) throw invalidField('tagListId');
  const own = new Set(connections.map((c) => c.id));
  if (!content.whatsappIds.every((id) => own.has(id))) throw invalidField('whatsappIds');
}
