/**
 * Who may do what with connections (spec part 2 §6) and which channels a company may use.
 * Company data comes from the companies/plans areas; the rules live here.
 */
import { CONNECTION_MSG, maySetConnectionToken, type Channel } from '@atende/shared';
import { AppError } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import { getCompanySettings, isSettingOn } from '../companies/companies';
import { getPlanForCompany } from '../plans/plans';

export interface CompanyConnectionSettings {
  isOn(key: 'useApi' | 'useFacebook' | 'useInstagram' | 'addAlterConnection'): boolean;
}

export async function loadConnectionSettings(companyId: string): Promise<CompanyConnectionSettings> {
  const settings = new Map((await getCompanySettings(companyId)).map((s) => [s.key, s.value]));
  return { isOn: (key) => isSettingOn(settings.get(key)) };
}

/** The plan's connection limit; no plan → no limit (a broken reference must not lock a company out). */
export async function connectionLimit(companyId: string): Promise<number | null> {
  const plan = await getPlanForCompany(companyId);
  return plan ? plan.connections : null;
}

export const isAdmin = (auth: AccessClaims) => auth.profile === 'admin' || auth.super;

/** Non-admins manage connections (add, edit, delete, session actions) only when addAlterConnection is enabled. */
export function assertMayManageConnections(auth: AccessClaims, settings: CompanyConnectionSettings): void {
  if (!isAdmin(auth) && !settings.isOn('addAlterConnection')) {
    throw new AppError('ERR_NO_PERMISSION', 403, { message: CONNECTION_MSG.accessDenied });
  }
}

/** The token is shown only to admins, and only when the company has the API option (spec §2, §6). */
export const mayReadToken = (auth: AccessClaims, settings: CompanyConnectionSettings) => isAdmin(auth) && settings.isOn('useApi');

/**
 * Choosing a connection's API token (the external send API's credential) is for who may read it
 * (shared policy `maySetConnectionToken`); everyone else gets a generated one and keeps it.
 */
export function assertMaySetToken(auth: AccessClaims, settings: CompanyConnectionSettings): void {
  if (!maySetConnectionToken(auth, { useApi: settings.isOn('useApi'), addAlterConnection: settings.isOn('addAlterConnection') })) {
    throw new AppError('ERR_NO_PERMISSION', 403, { message: CONNECTION_MSG.accessDenied });
  }
}

/** A token another connection holds (tokens are unique platform-wide: they identify the connection). */
export const tokenTaken = () =>
  new AppError('ERR_VALIDATION', 400, { message: CONNECTION_MSG.tokenTaken, fields: { token: CONNECTION_MSG.tokenTaken } });

/**
 * Facebook/Instagram need the company toggles (spec §6) — and even then the platform has no Meta
 * channel yet, so they end in ERR_FEATURE_UNAVAILABLE; Telegram is "in development" (spec §2).
 */
export function assertChannelAvailable(channel: Channel, settings: CompanyConnectionSettings): void {
  if (channel === 'whatsapp') return;
  if (channel === 'telegram') throw new AppError('ERR_FEATURE_UNAVAILABLE', 400, { message: CONNECTION_MSG.inDevelopment });
  if (channel === 'facebook' && !settings.isOn('useFacebook')) {
    throw new AppError('ERR_FACEBOOK_DISABLED', 400, { message: CONNECTION_MSG.facebookDisabled });
  }
  if (channel === 'instagram' && !settings.isOn('useInstagram')) {
    throw new AppError('ERR_INSTAGRAM_DISABLED', 400, { message: CONNECTION_MSG.instagramDisabled });
  }
  throw new AppError('ERR_FEATURE_UNAVAILABLE', 400, { message: CONNECTION_MSG.facebookUnavailable });
}
