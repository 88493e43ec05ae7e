/**
 * The company settings the ticket workspace reads, judged once. The inbound path reads them for every
 * message, so they are cached per process for a few seconds (a changed setting applies within 5 s).
 */
import { isSettingOn, policySettings, type PolicySettings } from '@atende/shared';
import { listSettings } from '../../data/settings';
import { ttlCache } from '../../data/ttl-cache';

/** Minutes after closing during which a customer's new message reopens the ticket (pending) instead of starting a new one. */
export const REOPEN_WINDOW_SETTING = 'ticketReopenWindowMinutes';
export const DEFAULT_REOPEN_WINDOW_MINUTES = 5;

export interface TicketSettings {
  policy: PolicySettings;
  /** CheckMsgIsGroup enabled: group messages are recorded but open no ticket. */
  ignoreGroups: boolean;
  reopenWindowMinutes: number;
}

const cache = ttlCache<TicketSettings>(5_000);

export const ticketSettings = (companyId: string): Promise<TicketSettings> => cache.get(companyId, () => load(companyId));

/** Tests change settings and want them applied at once. */
export const forgetTicketSettings = () => cache.forget();

async function load(companyId: string): Promise<TicketSettings> {
  const settings = await listSettings(companyId);
  const value = (key: string) => settings.find((s) => s.key === key)?.value;
  const minutes = Number(value(REOPEN_WINDOW_SETTING));
  return {
    policy: policySettings(settings),
    ignoreGroups: isSettingOn(value('CheckMsgIsGroup')),
    reopenWindowMinutes:
      Number.isFinite(minutes) && minutes >= 0 && value(REOPEN_WINDOW_SETTING) !== undefined
        ? minutes
        : DEFAULT_REOPEN_WINDOW_MINUTES,
  };
}
