/**
 * Campaigns (spec part 3 "Campaigns page", "Campaign report page", "Campaign settings page"; part 1
 * §2: the screens exist only when the company has campaignsEnabled). The spec names no campaign
 * permission: admins and supervisors manage campaigns and their settings, users do not
 * (decisions.md "Campaigns console"), as with the other company-wide data supervisors run.
 */
import { isAdmin, type PolicySettings, type Viewer } from './viewer';

/** The company has the campaign area switched on (the setting campaignsEnabled). */
export const campaignsEnabled = (settings: PolicySettings): boolean => settings.campaignsEnabled === true;

/** Create, edit, delete, cancel, restart, attach media, and change the campaign settings. */
export const mayManageCampaigns = (viewer: Pick<Viewer, 'profile' | 'super'>, settings: PolicySettings): boolean =>
  campaignsEnabled(settings) && (isAdmin(viewer) || String(viewer.profile).toLowerCase() === 'supervisor');
