/**
 * GET/POST /campaign-settings (spec part 3 "Campaign settings page", §3, §9) and GET /campaigns/stats
 * (spec part 2 "Campaign stats"): the company's sending settings, and its campaign parameters with
 * what it used of them.
 */
import { DEFAULT_TIME_ZONE, withoutDuplicateVariables, type CampaignSettings, type CampaignStatsDto } from '@atende/shared';
import { getCampaignCount } from '../../data/campaign-counts';
import { getCampaignSettings, putCampaignSettings } from '../../data/campaign-settings';
import { getCompany } from '../../data/companies';
import { countContactLists, listAllContactLists } from '../../data/contact-lists';
import type { AccessClaims } from '../../platform/jwt';
import { assertCampaignsManageable, assertCampaignsReadable } from './campaign-access';
import { campaignPeriodKey } from './campaign-periods';

/** The defaults (messageInterval 20, longerIntervalAfter 20, greaterInterval 60, no variables) until saved. */
export async function showCampaignSettings(auth: AccessClaims): Promise<CampaignSettings> {
  await assertCampaignsReadable(auth);
  return getCampaignSettings(auth.companyId); // AP-CA5
}

/** Replaces the settings; a variable whose key came earlier in the list is ignored (spec §5). */
export async function saveCampaignSettings(auth: AccessClaims, settings: CampaignSettings): Promise<CampaignSettings> {
  await assertCampaignsManageable(auth);
  const saved: CampaignSettings = {
    ...settings,
    variables: withoutDuplicateVariables(settings.variables.map((v) => ({ key: v.key.trim(), value: v.value }))),
  };
  await putCampaignSettings(auth.companyId, saved, new Date().toISOString()); // AP-CA5
  return saved;
}

/**
 * The campaigns created in the current period of limitOfCampaignBy (all of them when not limited),
 * read from the period's counter (AP-CA4); the lists and what each still holds from the lists'
 * own counters (AP-CL3: bounded by the plan's numberOfGroupsCampaigns).
 */
export async function campaignStats(auth: AccessClaims, now = new Date()): Promise<CampaignStatsDto> {
  const { parameters } = await assertCampaignsReadable(auth);
  const company = await getCompany(auth.companyId); // AP-C1
  const period = campaignPeriodKey(parameters.limitOfCampaignBy, now, company?.timeZone || DEFAULT_TIME_ZONE);
  const [campaigns, groupsCampaigns, lists] = await Promise.all([
    getCampaignCount(auth.companyId, period),
    countContactLists(auth.companyId),
    listAllContactLists(auth.companyId),
  ]);
  return {
    ...parameters,
    stats: {
      campaigns,
      groupsCampaigns,
      contactsInGroupsCampaigns: lists.map((l) => ({
        id: l.id,
        value: Math.max(0, parameters.numberOfContactsInGroupsCampaigns - l.contactsCount),
      })),
    },
  };
}
