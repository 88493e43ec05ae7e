/**
 * Who may reach the campaigns API (shared/src/policy/campaigns.ts): the company must have
 * campaignsEnabled (otherwise every route answers ERR_FEATURE_UNAVAILABLE, as if the area did not
 * exist for it); reading is for every user of such a company, writing for admins and supervisors.
 * The company is always the token's: a campaign is read under that company's key, so another
 * tenant's id is simply not found.
 */
import {
  campaignParametersFrom,
  campaignsEnabled,
  mayManageCampaigns,
  policySettings,
  type CampaignParameters,
} from '@atende/shared';
import { getCampaign, type CampaignRecord } from '../../data/campaigns';
import { AppError } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import { viewerFromClaims } from '../../platform/viewer';
import { getCompanySettings } from '../companies/companies';

export const campaignNotFound = () => new AppError('ERR_NO_REGISTER_FOUND', 404);

/** The company's campaign parameters (plan limits, spec part 2 §3), once the area is known to be on for it. */
export interface CampaignCompany {
  parameters: CampaignParameters;
}

/** Any user of a company with campaigns on: list, show, stats, settings (read). */
export async function assertCampaignsReadable(auth: AccessClaims): Promise<CampaignCompany> {
  const settings = await getCompanySettings(auth.companyId); // AP-S1
  if (!campaignsEnabled(policySettings(settings))) throw new AppError('ERR_FEATURE_UNAVAILABLE', 403);
  return { parameters: campaignParametersFrom(settings).campaigns };
}

/** Admins and supervisors of a company with campaigns on: every write. */
export async function assertCampaignsManageable(auth: AccessClaims): Promise<CampaignCompany> {
  const settings = await getCompanySettings(auth.companyId); // AP-S1
  const policy = policySettings(settings);
  if (!campaignsEnabled(policy)) throw new AppError('ERR_FEATURE_UNAVAILABLE', 403);
  if (!mayManageCampaigns(viewerFromClaims(auth), policy)) throw new AppError('ERR_NO_PERMISSION', 403);
  return { parameters: campaignParametersFrom(settings).campaigns };
}

/** AP-CA1 under the caller's company: 404 for an id that is not one of its campaigns. */
export async function companyCampaign(auth: AccessClaims, id: string): Promise<CampaignRecord> {
  const campaign = await getCampaign(auth.companyId, id);
  if (!campaign) throw campaignNotFound();
  return campaign;
}
