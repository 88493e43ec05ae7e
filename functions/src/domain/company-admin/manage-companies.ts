/**
 * The Companies tab (super users, spec part 2 §2, §3 "Company", §5 "Company form"): list, create and
 * edit companies. A changed due date or status reaches the company's consoles live
 * (`company-{id}-changed`), where the company guard redirects admins and logs operators out.
 */
import {
  campaignParametersFrom,
  channelOptionsFrom,
  COMPANY_CHANNEL_OPTIONS,
  DEFAULT_TIME_ZONE,
  PAGE_SIZE,
  type AdminCompanyDto,
  type CompanyInput,
} from '@atende/shared';
import { getCompany, queryCompanyDirectory, replaceCompany, type Company } from '../../data/companies';
import { decodeCursor, encodeCursor } from '../../data/paging';
import { getPlan } from '../../data/plans';
import { listSettings, putSettings } from '../../data/settings';
import { TransactionConditionFailed } from '../../data/transactions';
import { AppError } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import { publishCompanyChanged } from '../billing/billing-events';
import { scheduleNextInvoice } from '../billing/invoice-job';
import { createCompany } from '../companies/companies';
import { companySchedulesOf } from '../companies/company-schedules';

async function toAdminDto(company: Company): Promise<AdminCompanyDto> {
  const [plan, settings] = await Promise.all([getPlan(company.planId), listSettings(company.id)]); // AP-P1, AP-S1
  return {
    ...campaignParametersFrom(settings),
    ...channelOptionsFrom(settings),
    id: company.id,
    name: company.name,
    email: company.email,
    phone: company.phone ?? '',
    vat: company.vat ?? '',
    status: company.status,
    dueDate: company.dueDate,
    recurrence: company.recurrence ?? 'MENSAL',
    planId: company.planId,
    planName: plan?.name ?? null,
    isResale: company.isResale ?? false,
    clientOf: company.clientOf ?? null,
    timeZone: company.timeZone ?? DEFAULT_TIME_ZONE,
    schedules: companySchedulesOf(company).schedules,
    createdAt: company.createdAt,
  };
}

/**
 * The campaign toggle and parameters panel and the channel options (useApi, useFacebook, useInstagram),
 * stored as the company's settings (same keys as the spec's).
 */
const campaignSettings = (input: CompanyInput) => [
  ...(input.campaignsEnabled === undefined ? [] : [{ key: 'campaignsEnabled', value: String(input.campaignsEnabled) }]),
  ...COMPANY_CHANNEL_OPTIONS.flatMap((key) => (input[key] === undefined ? [] : [{ key, value: String(input[key]) }])),
  ...(input.campaigns ? Object.entries(input.campaigns).map(([key, value]) => ({ key, value: String(value) })) : []),
];

async function assertPlan(planId: string): Promise<void> {
  if (!(await getPlan(planId))) throw new AppError('ERR_VALIDATION', 400, { fields: { planId: 'ERR_NO_PLAN' } });
}

/** `GET /companies` (super users): one page of the directory. */
export async function listCompanies(
  cursor?: string,
): Promise<{ companies: AdminCompanyDto[]; hasMore: boolean; cursor?: string }> {
  const page = await queryCompanyDirectory(PAGE_SIZE, decodeCursor(cursor));
  const companies = (await Promise.all(page.companyIds.map(getCompany))).filter((c): c is Company => !!c);
  return {
    companies: await Promise.all(companies.map(toAdminDto)),
    hasMore: !!page.nextCursor,
    cursor: encodeCursor(page.nextCursor),
  };
}

/** `GET /companies/{id}`: super users any company; everyone else only their own (else 404, nothing leaks). */
export async function showCompany(auth: AccessClaims, companyId: string): Promise<AdminCompanyDto> {
  const company = companyId === auth.companyId || auth.super ? await getCompany(companyId) : undefined;
  if (!company) throw new AppError('ERR_NOT_FOUND', 404);
  return toAdminDto(company);
}

export async function addCompany(input: CompanyInput): Promise<AdminCompanyDto> {
  await assertPlan(input.planId);
  // one write: the companies tab's CNPJ, phone and reseller fields go in with the rest
  const full = await createCompany({
    name: input.name,
    email: input.email,
    planId: input.planId,
    dueDate: input.dueDate,
    status: input.status,
    recurrence: input.recurrence,
    timeZone: input.timeZone,
    vat: input.vat,
    phone: input.phone,
    isResale: input.isResale,
    clientOf: input.clientOf,
    settings: campaignSettings(input),
  });
  if (full.dueDate) await scheduleNextInvoice(full.id, full.dueDate);
  return toAdminDto(full);
}

export async function updateCompany(companyId: string, input: CompanyInput): Promise<AdminCompanyDto> {
  const current = await getCompany(companyId);
  if (!current) throw new AppError('ERR_NOT_FOUND', 404);
  if (current.isPlatform && input.status === false) throw new AppError('ERR_NO_PERMISSION', 403);
  await assertPlan(input.planId);
  const next: Company = {
    ...current,
    name: input.name,
    email: input.email,
    phone: input.phone,
    vat: input.vat,
    planId: input.planId,
    status: input.status,
    isResale: input.isResale,
    clientOf: input.clientOf === companyId ? null : input.clientOf,
    recurrence: input.recurrence,
    timeZone: input.timeZone,
    dueDate: current.isPlatform ? null : input.dueDate,
    updatedAt: new Date().toISOString(),
  };
  try {
    await replaceCompany(next, current.name);
  } catch (err) {
    if (err instanceof TransactionConditionFailed && err.has('name'))
      throw new AppError('ERR_COMPANY_NAME_ALREADY_EXISTS', 400);
    throw err;
  }
  const settings = campaignSettings(input);
  if (settings.length) await putSettings(companyId, settings);
  if (next.dueDate && next.dueDate !== current.dueDate) await scheduleNextInvoice(companyId, next.dueDate);
  await publishCompanyChanged(companyId);
  return toAdminDto(next);
}
