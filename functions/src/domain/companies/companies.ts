/**
 * Company reads and creation for the session, users and seed slices. Other areas call
 * `getCompanySettings` / `isCompanySettingOn` (connections: useApi, useFacebook, useInstagram, addAlterConnection).
 */
import { ulid } from '@atende/shared/ids';
import type { CompanyDto } from '@atende/shared';
import { AppError } from '../../platform/app-error';
import { getCompany, insertCompany, type Company } from '../../data/companies';
import { getPlan, type Plan } from '../../data/plans';
import { getSetting, listSettings, putSettings, type Setting } from '../../data/settings';
import { TransactionConditionFailed } from '../../data/transactions';
import { isSettingOn, normaliseTaxId } from '@atende/shared';
import { DEFAULT_COMPANY_SETTINGS } from './default-settings';

export { isSettingOn };

export async function getCompanySettings(companyId: string): Promise<Setting[]> {
  return listSettings(companyId);
}

/** One toggle, e.g. `isCompanySettingOn(cid, 'useApi')`. Missing settings are off. */
export async function isCompanySettingOn(companyId: string, key: string): Promise<boolean> {
  return isSettingOn(await getSetting(companyId, key));
}

export async function getCompanyOrThrow(companyId: string): Promise<Company> {
  const company = await getCompany(companyId);
  if (!company) throw new AppError('ERR_NOT_FOUND', 404);
  return company;
}

export interface NewCompany {
  /** A chosen id makes a retried creation land on the same company (sign-up activation). */
  id?: string;
  name: string;
  email: string;
  planId: string;
  dueDate: string | null;
  trialExpiration?: string | null;
  status?: boolean;
  isPlatform?: boolean;
  recurrence?: Company['recurrence'];
  timeZone?: string;
  /** CPF or CNPJ without the mask, and the phone as typed (the companies tab, sign-up). */
  vat?: string;
  phone?: string;
  /** Reseller fields of the companies tab (spec part 2). */
  isResale?: boolean;
  clientOf?: string | null;
  settings?: Setting[];
}

/** Creates a company with the default settings (overridden by `settings`). Name taken → 400 ERR_COMPANY_NAME_ALREADY_EXISTS. */
export async function createCompany(input: NewCompany): Promise<Company> {
  const now = new Date().toISOString();
  const company: Company = {
    id: input.id ?? ulid(),
    name: input.name.trim(),
    email: input.email.trim().toLowerCase(),
    status: input.status ?? true,
    dueDate: input.dueDate,
    trialExpiration: input.trialExpiration ?? null,
    planId: input.planId,
    isPlatform: input.isPlatform ?? false,
    ...(input.recurrence ? { recurrence: input.recurrence } : {}),
    ...(input.timeZone ? { timeZone: input.timeZone } : {}),
    ...(input.vat ? { vat: normaliseTaxId(input.vat) } : {}),
    ...(input.phone ? { phone: input.phone } : {}),
    ...(input.isResale !== undefined ? { isResale: input.isResale } : {}),
    ...(input.clientOf !== undefined ? { clientOf: input.clientOf } : {}),
    createdAt: now,
    updatedAt: now,
  };
  try {
    await insertCompany(company);
  } catch (err) {
    if (err instanceof TransactionConditionFailed && err.has('name'))
      throw new AppError('ERR_COMPANY_NAME_ALREADY_EXISTS', 400);
    throw err;
  }
  await putInitialSettings(company.id, input.settings);
  return company;
}

/**
 * A new company's settings: the defaults, overridden by `settings`. Idempotent, so a creation that
 * stopped between the company and its settings (sign-up activation) finishes by calling it again.
 */
export async function putInitialSettings(companyId: string, settings: Setting[] = []): Promise<void> {
  const overrides = new Map(settings.map((s) => [s.key, s.value]));
  const defaults = DEFAULT_COMPANY_SETTINGS.map((s) => ({ key: s.key, value: overrides.get(s.key) ?? s.value }));
  const extra = settings.filter((s) => !DEFAULT_COMPANY_SETTINGS.some((d) => d.key === s.key));
  await putSettings(companyId, [...defaults, ...extra]);
}

/** The company as its consoles hold it (session, `company-<cid>-changed`); undefined if it does not exist. */
export async function loadCompanyDto(companyId: string): Promise<CompanyDto | undefined> {
  const company = await getCompany(companyId); // AP-C1
  if (!company) return undefined;
  const [settings, plan] = await Promise.all([listSettings(companyId), getPlan(company.planId)]); // AP-S1, AP-P1
  return toCompanyDto(company, settings, plan);
}

export function toCompanyDto(company: Company, settings: Setting[], plan?: Plan): CompanyDto {
  return {
    id: company.id,
    name: company.name,
    email: company.email,
    status: company.status,
    dueDate: company.dueDate,
    trialExpiration: company.trialExpiration,
    planId: company.planId,
    plan: plan
      ? {
          id: plan.id,
          name: plan.name,
          users: plan.users,
          connections: plan.connections,
          queues: plan.queues,
          useIntegration: plan.useIntegration,
        }
      : null,
    settings: settings.map(({ key, value }) => ({ key, value })),
  };
}
