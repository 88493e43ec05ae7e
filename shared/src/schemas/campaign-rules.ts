/**
 * Campaign rules without zod (spec part 3 §3 Campaign / Campaign settings, §4 "Campaign statuses",
 * §5): statuses, message slots, the settings' choices and defaults, placeholders. The sending side
 * (dispatch, planning) and the console use them; campaigns.ts holds the request schemas, so a Lambda
 * that only sends does not carry the validators.
 */
import type { CampaignSettings } from './campaigns';

export const CAMPAIGN_STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_MESSAGE_SLOTS = 5;
/** Editable while INATIVA, or PROGRAMADA more than this far ahead; CANCELADA still saves messages (spec §4). */
export const CAMPAIGN_EDIT_LEAD_MS = 60 * 60 * 1000;
/** The report refetches this long after a FINALIZADA push (spec §4). */
export const CAMPAIGN_REPORT_REFRESH_MS = 5_000;
export const MAX_CAMPAIGN_MESSAGE = 4096;

/** A campaign's message slots: five main messages and five confirmation messages (spec part 3 §3). */
export type CampaignMessageField = `message${1 | 2 | 3 | 4 | 5}` | `confirmationMessage${1 | 2 | 3 | 4 | 5}`;
/** The slots as a stored or edited campaign holds them: every one present, empty when unused. */
export type CampaignMessageFields = Record<CampaignMessageField, string>;
type MessageSlots = Partial<Record<CampaignMessageField, string | undefined | null>>;

/** The filled main messages, in slot order. */
export function campaignMessages(c: MessageSlots): string[] {
  return [c.message1, c.message2, c.message3, c.message4, c.message5].filter((m): m is string => !!m && m.trim().length > 0);
}
/** The filled confirmation messages, in slot order. */
export function campaignConfirmationMessages(c: MessageSlots): string[] {
  return [
    c.confirmationMessage1,
    c.confirmationMessage2,
    c.confirmationMessage3,
    c.confirmationMessage4,
    c.confirmationMessage5,
  ].filter((m): m is string => !!m && m.trim().length > 0);
}

/** Spec §4: INATIVA, or PROGRAMADA with the scheduled time more than 1 hour ahead; CANCELADA saves too. */
export function isCampaignEditable(c: { status: CampaignStatus; scheduledAt: string | null }, now = Date.now()): boolean {
  if (c.status === 'INATIVA' || c.status === 'CANCELADA') return true;
  if (c.status !== 'PROGRAMADA' || !c.scheduledAt) return false;
  return Date.parse(c.scheduledAt) - now > CAMPAIGN_EDIT_LEAD_MS;
}

/**
 * A CANCELADA campaign saves its name, messages and file only: restart continues the same run, so its
 * target, connections, schedule and confirmation flow stay as they were (the API refuses a change,
 * the editor locks those fields).
 */
export const isCampaignSetupLocked = (c: { status: CampaignStatus }): boolean => c.status === 'CANCELADA';

/** Campaign settings (spec §3, §9): seconds, messages, seconds; custom variables as {key}. */
export const CAMPAIGN_MESSAGE_INTERVALS = [0, 5, 10, 15, 20] as const;
export const CAMPAIGN_LONGER_AFTER = [0, 5, 10, 15, 20] as const;
export const CAMPAIGN_GREATER_INTERVALS = [0, 20, 30, 40, 50, 60] as const;
/** Not in the spec: a daily cap per connection protects the number from WhatsApp bans (decisions.md). */
export const DEFAULT_CAMPAIGN_DAILY_CAP = 1000;

export const DEFAULT_CAMPAIGN_SETTINGS: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  dailyCapPerConnection: DEFAULT_CAMPAIGN_DAILY_CAP,
  variables: [],
};

/**
 * Fills the {placeholders} of a campaign message: {nome}, {numero}, {email} from the contact, then
 * the company's custom variables. Unknown placeholders stay as written.
 */
export function fillCampaignVariables(
  text: string,
  contact: { name: string; number: string; email?: string | null },
  variables: readonly { key: string; value: string }[] = [],
): string {
  const values = new Map<string, string>([
    ['nome', contact.name],
    ['numero', contact.number],
    ['email', contact.email ?? ''],
  ]);
  for (const v of variables) if (!values.has(v.key)) values.set(v.key, v.value);
  return text.replace(/\{([\p{L}\p{N}_]+)\}/gu, (whole, key: string) => values.get(key) ?? whole);
}

/**
 * Spec §5 "adding a key that already exists is ignored": the first of each key is kept, later ones
 * dropped (keys compared as written, after trimming). The API applies it on save; the form may too.
 */
export function withoutDuplicateVariables<V extends { key: string }>(variables: readonly V[]): V[] {
  const seen = new Set<string>();
  return variables.filter((v) => {
    const key = v.key.trim();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
