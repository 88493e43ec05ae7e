import { useMemo, useSyncExternalStore } from 'react';
import {
  isAdmin,
  policySettings,
  type CompanyDto,
  type PolicySettings,
  type SessionUserDto,
  type Viewer,
} from '@atende/shared';
import { sessionStore, type SessionStatus } from '@/lib/session-store';

/**
 * The signed-in session as every screen reads it (shared code: features never import the auth
 * feature for it). Permissions come from the ONE policy in `@atende/shared/policy`, with `viewer`
 * and `policy` ready to pass to its rules (`mayManageConnections(viewer, policy)`, …).
 */
export interface Session {
  status: SessionStatus;
  user: SessionUserDto | null;
  /** The policy's view of the user; null when signed out. */
  viewer: Viewer | null;
  /** The company's toggles as the policy reads them. */
  policy: PolicySettings;
  isAdmin: boolean;
  isSuper: boolean;
  company: CompanyDto | null;
  /** Company settings as a key → value map (campaignsEnabled, useApi, …). */
  settings: Record<string, string>;
}

export function settingsMap(company: CompanyDto | null | undefined): Record<string, string> {
  const map: Record<string, string> = {};
  for (const { key, value } of company?.settings ?? []) map[key] = value;
  return map;
}

export function viewerOf(user: SessionUserDto | null | undefined): Viewer | null {
  if (!user) return null;
  return {
    userId: user.id,
    companyId: user.companyId,
    profile: user.profile,
    super: user.super === true,
    queueIds: (user.queues ?? []).map((queue) => queue.id),
  };
}

export function useSession(): Session {
  const state = useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
  return useMemo(() => {
    const { user } = state;
    const company = user?.company ?? null;
    const viewer = viewerOf(user);
    return {
      status: state.status,
      user,
      viewer,
      policy: policySettings(company?.settings ?? []),
      isAdmin: viewer ? isAdmin(viewer) : false,
      isSuper: user?.super === true,
      company,
      settings: settingsMap(company),
    };
  }, [state]);
}
