/** Queue integrations and the company webhook (spec part 1 §2 menu, part 2 §2 "Integrations screen", Webhook panel). */
import { isAdmin, type Viewer } from './viewer';

/** The integrations screen and the queue's integration selector: admins, and only on a plan with useIntegration. */
export const mayManageIntegrations = (viewer: Viewer, plan: { useIntegration?: boolean } | null | undefined): boolean =>
  isAdmin(viewer) && plan?.useIntegration === true;

/** The webhook panel of the settings page: admins (its secret signs the company's events). */
export const mayManageWebhook = (viewer: Viewer): boolean => isAdmin(viewer);
