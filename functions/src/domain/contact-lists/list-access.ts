/**
 * Who may use the campaign contact lists, and within which limits. The lists exist only for companies
 * with campaignsEnabled (spec part 1 §2, part 3 §6: the campaign screens); the limits are the
 * company's campaign parameters (numberOfGroupsCampaigns lists, numberOfContactsInGroupsCampaigns
 * items per list: spec part 2 §3, part 3 §5).
 */
import { campaignParametersFrom, campaignsEnabled, policySettings, type Viewer } from '@atende/shared';
import { listRecentSettings } from '../../data/settings';
import { AppError } from '../../platform/app-error';

export interface ListLimits {
  maxLists: number;
  maxContactsPerList: number;
}

/** The company's list limits; refuses (403 ERR_FEATURE_UNAVAILABLE) a company without campaigns. */
export async function listLimitsFor(viewer: Pick<Viewer, 'companyId'>): Promise<ListLimits> {
  const settings = await listRecentSettings(viewer.companyId); // AP-S1
  if (!campaignsEnabled(policySettings(settings))) throw new AppError('ERR_FEATURE_UNAVAILABLE', 403);
  const { campaigns } = campaignParametersFrom(settings);
  return { maxLists: campaigns.numberOfGroupsCampaigns, maxContactsPerList: campaigns.numberOfContactsInGroupsCampaigns };
}

export const listNotFound = () => new AppError('ERR_NO_REGISTER_FOUND', 404);

/** Zero room left: 'Voce atingiu o limite de numeros de contatos nesta lista de contatos no seu plano!' */
export const listFull = (max: number) => new AppError('ERR_CONTACT_LIST_FULL', 409, { params: { max } });
