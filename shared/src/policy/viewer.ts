/**
 * The one authorization policy (ARCHITECTURE.md "Boundaries"): who may see and do what. The API,
 * the realtime audience filter and the console all call these functions, so a rule changes in one
 * place. Pure functions over plain data: no AWS, no React, no I/O.
 */
import type { Profile } from '../constants';

/** Who is acting: the verified token's claims plus the user's queues (loaded where a rule needs them). */
export interface Viewer {
  userId: string;
  companyId: string;
  profile: Profile;
  super: boolean;
  /** The user's queues; only queue-scoped rules read it. */
  queueIds?: readonly string[];
}

/** Company settings the rules read, already judged on/off (`isSettingOn`). Missing means off. */
export type PolicySettings = Partial<Record<PolicySettingKey, boolean>>;
export type PolicySettingKey =
  | 'addAlterConnection'
  | 'useApi'
  | 'useFacebook'
  | 'useInstagram'
  | 'userViewTicketsWithoutDepartment'
  | 'userAlwaysSubmitSignature'
  | 'campaignsEnabled'
  | 'allowsUserToUseInternalChat';

/** Toggle settings are stored as text: 'enabled'/'disabled' or 'true'/'false'; both spellings of "on" count. */
export const isSettingOn = (value: string | undefined | null): boolean => value === 'enabled' || value === 'true';

/** Reads the policy's toggles out of a company's `{ key, value }` settings list. */
export function policySettings(settings: readonly { key: string; value: string }[]): PolicySettings {
  const out: PolicySettings = {};
  for (const { key, value } of settings) out[key as PolicySettingKey] = isSettingOn(value);
  return out;
}

/** Admins and super users manage their company (spec part 1 §6: profiles compared case-insensitively). */
export const isAdmin = (viewer: Pick<Viewer, 'profile' | 'super'>): boolean =>
  viewer.super || String(viewer.profile).toLowerCase() === 'admin';
