/** Connections (spec part 2 §6). */
import { isAdmin, type PolicySettings, type Viewer } from './viewer';

/** Add, edit, delete and session actions: admins, or anyone when the company enables addAlterConnection. */
export const mayManageConnections = (viewer: Viewer, settings: PolicySettings): boolean =>
  isAdmin(viewer) || settings.addAlterConnection === true;

/** The external-API token is shown to admins only, and only when the company has the API option. */
export const mayReadConnectionToken = (viewer: Viewer, settings: PolicySettings): boolean =>
  isAdmin(viewer) && settings.useApi === true;

/** Only who may read the token may set it (it is the credential of the external send API). */
export const maySetConnectionToken = mayReadConnectionToken;

/** Restarting every session of the platform: super users only. */
export const mayRestartAllSessions = (viewer: Viewer): boolean => viewer.super;
