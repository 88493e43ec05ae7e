/**
 * The company settings the ticket workspace reads, judged once. The inbound path reads them for every
 * message, so they come through the per-process settings cache (`listRecentSettings`: a setting changed
 * by another process applies within 5 s, one written in this process at once).
 */
import { isSettingOn, policySettings, type PolicySettings } from '@atende/shared';
import { listRecentSettings } from '../../data/settings';

/** Minutes after closing during which a customer's new message reopens the ticket (pending) instead of starting a new one. */
export const REOPEN_WINDOW_SETTING = 'ticketReopenWindowMinutes';
export const DEFAULT_REOPEN_WINDOW_MINUTES = 5;
/** Minutes without messages after which a ticket is closed with the inactivity message (0 = never). */
export const AUTO_CLOSE_SETTING = 'autoCloseTicketsMinutes';
export const DEFAULT_AUTO_CLOSE_MINUTES = 120;

export interface TicketSettings {
  policy: PolicySettings;
  /** CheckMsgIsGroup enabled: group messages are recorded but open no ticket. */
  ignoreGroups: boolean;
  /** newLeadsNotWriteName enabled: contacts are named by their number, not by the name WhatsApp gives. */
  keepChannelNames: boolean;
  /** call disabled: WhatsApp calls are refused with an automatic message (domain/inbound/calls.ts). */
  rejectCalls: boolean;
  reopenWindowMinutes: number;
  autoCloseMinutes: number;
}

export async function ticketSettings(companyId: string): Promise<TicketSettings> {
  const settings = await listRecentSettings(companyId);
  const value = (key: string) => settings.find((s) => s.key === key)?.value;
  return {
    policy: policySettings(settings),
    ignoreGroups: isSettingOn(value('CheckMsgIsGroup')),
    keepChannelNames: !isSettingOn(value('newLeadsNotWriteName')),
    rejectCalls: value('call') === 'disabled',
    reopenWindowMinutes: minutesSetting(value(REOPEN_WINDOW_SETTING), DEFAULT_REOPEN_WINDOW_MINUTES),
    autoCloseMinutes: minutesSetting(value(AUTO_CLOSE_SETTING), DEFAULT_AUTO_CLOSE_MINUTES),
  };
}

/** A setting in minutes: a finite number ≥ 0, else the default (also when the setting is absent). */
export function minutesSetting(value: string | undefined, fallback: number): number {
  const minutes = Number(value);
  return value !== undefined && Number.isFinite(minutes) && minutes >= 0 ? minutes : fallback;
}
