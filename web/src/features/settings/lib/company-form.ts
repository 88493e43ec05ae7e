import {
  DEFAULT_CAMPAIGN_PARAMETERS,
  RECURRENCE_MONTHS,
  type AdminCompanyDto,
  type CampaignLimit,
  type Recurrence,
} from '@atende/shared';
import { formatMasked, formatTaxId, PHONE_MASK } from '@/lib/masks';

/** The panel's fields as typed (the value keeps a comma until the schema reads it). */
export interface CampaignFormValues {
  limitOfCampaignBy: CampaignLimit;
  numberOfCampaigns: number;
  numberOfGroupsCampaigns: number;
  numberOfContactsInGroupsCampaigns: number;
  valueOfResourceCampaigns: number | string;
}

export interface CompanyFormValues {
  name: string;
  email: string;
  phone: string;
  vat: string;
  planId: string;
  status: boolean;
  isResale: boolean;
  clientOf: string | null;
  recurrence: Recurrence;
  dueDate: string | null;
  timeZone: string;
  campaignsEnabled: boolean;
  campaigns: CampaignFormValues;
  /** Channel options (settings useApi, useFacebook, useInstagram): super users switch them here. */
  useApi: boolean;
  useFacebook: boolean;
  useInstagram: boolean;
}

export const companyFormValues = (company: AdminCompanyDto | null, defaultPlanId = ''): CompanyFormValues => ({
  name: company?.name ?? '',
  email: company?.email ?? '',
  // Stored as typed (sign-up takes other layouts too): shown in the form's own mask, which refuses others.
  phone: formatMasked(PHONE_MASK, company?.phone),
  // Stored without the mask; the masked input refuses an unformatted initial value.
  vat: formatTaxId(company?.vat ?? ''),
  planId: company?.planId ?? defaultPlanId,
  status: company?.status ?? true,
  isResale: company?.isResale ?? false,
  clientOf: company?.clientOf ?? null,
  recurrence: company?.recurrence ?? 'MENSAL',
  dueDate: company?.dueDate?.slice(0, 10) ?? null,
  timeZone: company?.timeZone ?? 'America/Sao_Paulo',
  campaignsEnabled: company?.campaignsEnabled ?? false,
  useApi: company?.useApi ?? false,
  useFacebook: company?.useFacebook ?? false,
  useInstagram: company?.useInstagram ?? false,
  campaigns: { ...(company?.campaigns ?? DEFAULT_CAMPAIGN_PARAMETERS) },
});

/** '+ Vencimento' (spec part 2 §4): the due date moves by the recurrence; the month end is kept in range. */
export function extendDueDate(dueDate: string | null, recurrence: Recurrence, today = new Date()): string {
  const base = dueDate
    ? new Date(`${dueDate}T00:00:00Z`)
    : new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()));
  const day = base.getUTCDate();
  const target = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth() + RECURRENCE_MONTHS[recurrence], 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** Whole days from today to the due date (negative when past), for `dueDateTone`. */
export function daysUntil(dueDate: string | null, now = Date.now()): number | null {
  if (!dueDate) return null;
  const due = Date.parse(`${dueDate.slice(0, 10)}T00:00:00`);
  if (Number.isNaN(due)) return null;
  const today = new Date(now);
  const startOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime();
  return Math.round((due - startOfToday) / 86_400_000);
}

export const TIME_ZONES: string[] = (() => {
  try {
    return (Intl as unknown as { supportedValuesOf: (k: string) => string[] }).supportedValuesOf('timeZone');
  } catch {
    return ['America/Sao_Paulo'];
  }
})();
