import { useMemo } from 'react';
import { isAdmin, policySettings, type PolicySettings, type Viewer } from '@atende/shared';
import { useSessionUser } from '@/lib/session-store';

export interface WorkspaceViewer {
  viewer: Viewer | null;
  isAdmin: boolean;
  settings: PolicySettings;
  /** Raw company settings (scheduleType is a value, not a toggle). */
  rawSettings: Record<string, string>;
  userName: string;
  companyId: string | null;
}

/** The signed-in user as the shared policy sees them (spec part 1 §6), with the company's toggles. */
export function useViewer(): WorkspaceViewer {
  const user = useSessionUser();
  return useMemo(() => {
    const settingsList = user?.company?.settings ?? [];
    const rawSettings: Record<string, string> = {};
    for (const { key, value } of settingsList) rawSettings[key] = value;
    const viewer: Viewer | null = user
      ? {
          userId: user.id,
          companyId: user.companyId,
          profile: user.profile,
          super: user.super,
          queueIds: (user.queues ?? []).map((q) => q.id),
        }
      : null;
    return {
      viewer,
      isAdmin: viewer ? isAdmin(viewer) : false,
      settings: policySettings(settingsList),
      rawSettings,
      userName: user?.name ?? '',
      companyId: user?.companyId ?? null,
    };
  }, [user]);
}
