/**
 * The connections area's use of the shared authorization policy (`@atende/shared` policy/connections):
 * loads the company toggles the rules read and turns a refusal into the API's error code. The rules
 * themselves live in shared, where the console reads them too.
 */
import {
  CONNECTION_MSG,
  channelAvailability,
  mayManageConnections,
  mayReadConnectionToken,
  maySetConnectionToken,
  policySettings,
  type Channel,
  type ErrorCode,
  type PolicySettings,
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

export const maySetToken = (auth: AccessClaims, settings: PolicySettings) =>
  maySetConnectionToken(viewerFromClaims(auth), settings);

/**
 * Choosing a connection's API token (the external send API's credential) is for who may read it;
 * anyone else who sends one is refused (the console shows them no token field), and gets a generated one otherwise.
 */
export function assertMaySetToken(auth: AccessClaims, settings: PolicySettings): void {
  if (!maySetToken(auth, settings)) throw new AppError('ERR_NO_PERMISSION', 403);
}

/** A token another connection holds (tokens are unique platform-wide: they identify the connection). */
export const tokenTaken = () => new AppError('ERR_VALIDATION', 400, { fields: { token: CONNECTION_MSG.tokenTaken } });

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
