/** Connections (spec part 2 §6). */
import type { Channel } from '../channel';
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

/**
 * Whether the company may create a connection of this channel (spec part 2 §2, §6): WhatsApp always;
 * Facebook/Instagram need their company toggle and, even then, the platform has no Meta channel yet;
 * Telegram is "in development".
 */
export type ChannelAvailability =
  'available' | 'inDevelopment' | 'facebookDisabled' | 'instagramDisabled' | 'notYetAvailable';

export function channelAvailability(channel: Channel, settings: PolicySettings): ChannelAvailability {
  if (channel === 'whatsapp') return 'available';
  if (channel === 'telegram') return 'inDevelopment';
  if (channel === 'facebook' && settings.useFacebook !== true) return 'facebookDisabled';
  if (channel === 'instagram' && settings.useInstagram !== true) return 'instagramDisabled';
  return 'notYetAvailable';
}
