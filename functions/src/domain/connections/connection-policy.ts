/**
 * The connections area's use of the shared authorization policy (`@atende/shared` policy/connections):
 * loads the company toggles the rules read and turns a refusal into the API's error code. The rules
 * themselves live in shared, where the console reads them too.
 */
import {
  channelAvailability, mayManageConnections, mayReadConnectionToken, maySetConnectionToken, policySettings,
  type Channel, type ErrorCode, type PolicySettings,
} from '@atende/shared';
import { AppError } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import { viewerFromClaims } from '../../platform/viewer';
import { getCompanySettings } from '../companies/companies';
import { getPlanForCompany } from '../plans/plans';

export async function loadConnectionSettings(companyId: string): Promise<PolicySettings> {
  return policySettings(await getCompanySettings(companyId));
}

/** The plan's connection limit; no plan → no limit (a broken reference must not lock a company out). */
export async function connectionLimit(companyId: string): Promise<number | null> {
  const plan = await getPlanForCompany(companyId);
  return plan ? plan.connections : null;
}

/** Add, edit, delete and session actions (`mayManageConnections`). */
export function assertMayManageConnections(auth: AccessClaims, settings: PolicySettings): void {
  if (!mayManageConnections(viewerFromClaims(auth), settings)) throw new AppError('ERR_NO_PERMISSION', 403);
}

export const mayReadToken = (auth: AccessClaims, settings: PolicySettings) =>
  mayReadConnectionToken(viewerFromClaims(auth), settings);

/** A token sent by someone who may not set it is ignored (the console does not show them the field). */
export const maySetToken = (auth: AccessClaims, settings: PolicySettings) =>
  maySetConnectionToken(viewerFromClaims(auth), settings);

const CHANNEL_REFUSAL: Record<Exclude<ReturnType<typeof channelAvailability>, 'available'>, ErrorCode> = {
  inDevelopment: 'ERR_CHANNEL_IN_DEVELOPMENT',
  facebookDisabled: 'ERR_FACEBOOK_DISABLED',
  instagramDisabled: 'ERR_INSTAGRAM_DISABLED',
  notYetAvailable: 'ERR_FEATURE_UNAVAILABLE',
};

export function assertChannelAvailable(channel: Channel, settings: PolicySettings): void {
  const availability = channelAvailability(channel, settings);
  if (availability !== 'available') throw new AppError(CHANNEL_REFUSAL[availability], 400);
}
