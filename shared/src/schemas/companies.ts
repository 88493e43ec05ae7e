import * as z from '../zod';
import { DEFAULT_TIME_ZONE } from '../constants';
import { isValidCpfOrCnpj, normaliseTaxId } from '../validation/tax-id';
import { idSchema, nameSchema } from './common';
import { emailSchema } from './email';
import { SAAS_MSG } from './saas-messages';
import type { ScheduleEntry } from './business-hours';
import { timeZoneSchema } from './time-zone';
import { RECURRENCES, type Recurrence } from './recurrences';

export const CAMPAIGN_LIMITS = ['doNotLimit', 'day', 'week', 'month', 'year'] as const;

/** CPF or CNPJ, masked or not (max 18 characters as typed); stored without the mask. */
export const taxIdSchema = z.pipe(
  z
    .string({ error: SAAS_MSG.invalidTaxId })
    .check(z.trim(), z.maxLength(18, SAAS_MSG.invalidTaxId), z.refine(isValidCpfOrCnpj, SAAS_MSG.invalidTaxId)),
  z.transform(normaliseTaxId),
);

/** The campaign usage value in R$: a number of at least 0, comma accepted (spec part 2 §5). */
const campaignValue = z.pipe(
  z.union([z.number(), z.string().check(z.trim(), z.maxLength(20))]),
  z.transform((v, ctx) => {
    const n = typeof v === 'number' ? v : v === '' ? NaN : Number(v.replace(',', '.'));
    if (!Number.isFinite(n) || n < 0) {
      ctx.issues.push({ code: 'custom', message: SAAS_MSG.campaignValue, input: v });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  }),
);

const campaignCount = z.coerce
  .number({ error: SAAS_MSG.campaignCount })
  .check(z.int(SAAS_MSG.campaignCount), z.gte(1, SAAS_MSG.campaignCount), z.lte(1_000_000));

/** Companies tab (spec part 2 §3 "Company", §5 "Company form"). */
export const companySchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: z.string({ error: SAAS_MSG.required }).check(z.trim(), z.minLength(1, SAAS_MSG.required), z.maxLength(20)),
  vat: taxIdSchema,
  planId: idSchema,
  status: z._default(z.boolean(), true),
  isResale: z._default(z.boolean(), false),
  clientOf: z._default(z.nullable(idSchema), null),
  recurrence: z._default(z.enum(RECURRENCES), 'MENSAL'),
  /** An invalid due date is sent as null (spec part 2 §5). */
  dueDate: z._default(z.nullable(z.iso.date()), null),
  timeZone: z._default(timeZoneSchema, DEFAULT_TIME_ZONE),
  /** The company's campaignsEnabled setting; absent = unchanged. */
  campaignsEnabled: z.optional(z.boolean()),
  /** The company's channel options (spec part 2 §3 "Per-company settings"), stored as its settings; absent = unchanged. */
  useApi: z.optional(z.boolean()),
  useFacebook: z.optional(z.boolean()),
  useInstagram: z.optional(z.boolean()),
  /** The campaign parameters panel (spec part 2 §2, §3 "Per-company settings"); absent = unchanged. */
  campaigns: z.optional(
    z.object({
      limitOfCampaignBy: z.enum(CAMPAIGN_LIMITS),
      numberOfCampaigns: campaignCount,
      numberOfGroupsCampaigns: campaignCount,
      numberOfContactsInGroupsCampaigns: campaignCount,
      valueOfResourceCampaigns: campaignValue,
    }),
  ),
});
export type CompanyInput = z.output<typeof companySchema>;

/** Due-date colour of a company row (spec part 2 §4): 5 days left yellow, −3..4 orange, ≤ −4 red. */
export function dueDateTone(daysLeft: number | null): 'yellow' | 'orange' | 'red' | null {
  if (daysLeft === null) return null;
  if (daysLeft === 5) return 'yellow';
  if (daysLeft >= -3 && daysLeft <= 4) return 'orange';
  if (daysLeft <= -4) return 'red';
  return null;
}

export type CampaignLimit = (typeof CAMPAIGN_LIMITS)[number];

/** Campaign parameters of a company, stored as its settings (spec part 2 §3, §9 defaults). */
export interface CampaignParameters {
  limitOfCampaignBy: CampaignLimit;
  numberOfCampaigns: number;
  numberOfGroupsCampaigns: number;
  numberOfContactsInGroupsCampaigns: number;
  valueOfResourceCampaigns: number;
}
export const DEFAULT_CAMPAIGN_PARAMETERS: CampaignParameters = {
  limitOfCampaignBy: 'doNotLimit',
  numberOfCampaigns: 1,
  numberOfGroupsCampaigns: 1,
  numberOfContactsInGroupsCampaigns: 1,
  valueOfResourceCampaigns: 39.99,
};

/** Reads the campaign toggle and parameters out of a company's settings (missing or broken → defaults). */
export function campaignParametersFrom(settings: readonly { key: string; value: string }[]): {
  campaignsEnabled: boolean;
  campaigns: CampaignParameters;
} {
  const get = (key: string) => settings.find((s) => s.key === key)?.value;
  const count = (key: keyof CampaignParameters) => {
    const n = Number(get(key));
    return Number.isInteger(n) && n >= 1 ? n : (DEFAULT_CAMPAIGN_PARAMETERS[key] as number);
  };
  const limit = get('limitOfCampaignBy');
  const value = Number(get('valueOfResourceCampaigns'));
  return {
    campaignsEnabled: get('campaignsEnabled') === 'true' || get('campaignsEnabled') === 'enabled',
    campaigns: {
      limitOfCampaignBy: (CAMPAIGN_LIMITS as readonly string[]).includes(limit ?? '')
        ? (limit as CampaignLimit)
        : DEFAULT_CAMPAIGN_PARAMETERS.limitOfCampaignBy,
      numberOfCampaigns: count('numberOfCampaigns'),
      numberOfGroupsCampaigns: count('numberOfGroupsCampaigns'),
      numberOfContactsInGroupsCampaigns: count('numberOfContactsInGroupsCampaigns'),
      valueOfResourceCampaigns:
        get('valueOfResourceCampaigns') && Number.isFinite(value) && value >= 0
          ? value
          : DEFAULT_CAMPAIGN_PARAMETERS.valueOfResourceCampaigns,
    },
  };
}

/** Settings only super users switch, in the Companies form: the external API and the Facebook and Instagram channels. */
export const COMPANY_CHANNEL_OPTIONS = ['useApi', 'useFacebook', 'useInstagram'] as const;
export type CompanyChannelOption = (typeof COMPANY_CHANNEL_OPTIONS)[number];

/** The channel options out of a company's settings (missing = off; 'true' and 'enabled' are on). */
export function channelOptionsFrom(
  settings: readonly { key: string; value: string }[],
): Record<CompanyChannelOption, boolean> {
  const on = (key: string) => ['true', 'enabled'].includes(settings.find((s) => s.key === key)?.value ?? '');
  return { useApi: on('useApi'), useFacebook: on('useFacebook'), useInstagram: on('useInstagram') };
}

/** A row of the super users' Companies table. */
export interface AdminCompanyDto {
  id: string;
  name: string;
  email: string;
  phone: string;
  vat: string;
  status: boolean;
  dueDate: string | null;
  recurrence: Recurrence;
  planId: string;
  planName: string | null;
  isResale: boolean;
  clientOf: string | null;
  timeZone: string;
  /** Business hours (Settings → Hours); `GET /companies/{id}` always fills it (the spec's defaults until set). */
  schedules?: ScheduleEntry[];
  createdAt: string;
  campaignsEnabled: boolean;
  campaigns: CampaignParameters;
  useApi: boolean;
  useFacebook: boolean;
  useInstagram: boolean;
}

/** Reports tab (spec part 2 §2, §5 "Online clients filter", §9 default 10 minutes). */
export const ONLINE_CLIENTS_DEFAULT_MINUTES = 10;
export const onlineMinutesSchema = z.coerce
  .number({ error: SAAS_MSG.onlineMinutesRequired })
  .check(z.int(SAAS_MSG.onlineMinutesRequired), z.gte(1, SAAS_MSG.onlineMinutesRequired), z.lte(43_200));

/** A row of `GET /companies/listOnline/{minutes}`: a company one of whose users was seen in the window. */
export interface OnlineCompanyDto {
  id: string;
  name: string;
  email: string;
  phone: string;
  lastSeenAt: string;
}

/** `DELETE /companies/{id}` (202): where erasing the company's data stands. */
export interface CompanyDeletionDto {
  companyId: string;
  state: 'running' | 'done';
  /** Items erased so far. */
  deleted: number;
  startedAt: string;
  finishedAt: string | null;
}
