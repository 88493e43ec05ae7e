/**
 * Settings → Options (spec part 2 §2, §3 setting keys, §7 "Settings"; part 1 §7 `/settings`): a
 * company reads its settings and its admins change them one key at a time, each value parsed by its
 * key's own schema (shared COMPANY_SETTING_SCHEMAS). A change reaches every console of the company at
 * once (`company-<cid>-changed` with the new settings: the session, the policy and the screens that
 * gate on a setting follow), and the back end within the 5 s of its per-process caches
 * (docs/decisions.md "Bot setup cache").
 */
import { parseCompanySetting, type CompanySettingDto, type CompanySettingKey } from '@atende/shared';
import { getSetting, listSettings, putSetting } from '../../data/settings';
import { AppError } from '../../platform/app-error';
import { publish } from '../../platform/realtime-publisher';
import { loadCompanyDto } from './companies';
import { DEFAULT_COMPANY_SETTINGS } from './default-settings';

const dto = (companyId: string, key: string, value: string): CompanySettingDto => ({ key, value, companyId });

/**
 * `GET /settings`: every stored setting of the company, plus the defaults of keys it has never set
 * (companies created before a key existed), so each control shows what the product applies.
 */
export async function listCompanySettings(companyId: string): Promise<CompanySettingDto[]> {
  const stored = await listSettings(companyId); // AP-S1
  const missing = DEFAULT_COMPANY_SETTINGS.filter((d) => !stored.some((s) => s.key === d.key));
  return [...stored, ...missing].map((s) => dto(companyId, s.key, s.value));
}

/** `GET /settings/{key}`: one setting (a default when never set); unknown → 404 ERR_NO_SETTING_FOUND. */
export async function showCompanySetting(companyId: string, key: string): Promise<CompanySettingDto> {
  const value = (await getSetting(companyId, key)) ?? DEFAULT_COMPANY_SETTINGS.find((d) => d.key === key)?.value; // AP-S2
  if (value === undefined) throw new AppError('ERR_NO_SETTING_FOUND', 404);
  return dto(companyId, key, value);
}

/** `PUT /settings/{key}` (admins): the value must pass the key's schema (400 ERR_VALIDATION otherwise). */
export async function updateCompanySetting(
  companyId: string,
  key: CompanySettingKey,
  body: { key?: string; value: string | number },
): Promise<CompanySettingDto> {
  if (body.key !== undefined && body.key !== key) {
    throw new AppError('ERR_VALIDATION', 400, { fields: { key: 'validation.invalid' } });
  }
  const value = parseCompanySetting(key, body.value);
  if (value === null) throw new AppError('ERR_VALIDATION', 400, { fields: { value: 'validation.invalid' } });
  await putSetting(companyId, key, value);
  const company = await loadCompanyDto(companyId);
  if (company) await publish(companyId, 'companyChanged', { action: 'update', company }, { kind: 'company' });
  return dto(companyId, key, value);
}
