import { useMemo, useSyncExternalStore } from 'react';
import type { CompanyDto, SessionUserDto } from '@atende/shared';
import { sessionStore, type SessionStatus } from '@/lib/session-store';
import { logout } from '../api/logout';

export interface Session {
  status: SessionStatus;
  user: SessionUserDto | null;
  isAdmin: boolean;
  isSuper: boolean;
  company: CompanyDto | null;
  /** Company settings as a key → value map (campaignsEnabled, useApi, …). */
  settings: Record<string, string>;
  logout: () => Promise<void>;
}

/** Spec part 1 §6: profiles are compared case-insensitively in places. */
export function isAdminProfile(profile: string | undefined | null): boolean {
  return (profile ?? '').toLowerCase() === 'admin';
}

export function settingsMap(company: CompanyDto | null | undefined): Record<string, string> {
  const map: Record<string, string> = {};
  for (const { key, value } of company?.settings ?? []) map[key] = value;
  return map;
}

export function useSession(): Session {
  const state = useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
  return useMemo(() => {
    const { user } = state;
    const company = user?.company ?? null;
    return {
      status: state.status,
      user,
      isAdmin: isAdminProfile(user?.profile),
      isSuper: user?.super === true,
      company,
      settings: settingsMap(company),
      logout,
    };
  }, [state]);
}
