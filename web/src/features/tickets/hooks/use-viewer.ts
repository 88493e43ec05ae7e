import { useMemo } from 'react';
import { isAdmin, type PolicySettings, type Viewer } from '@atende/shared';
import { useSessionUser } from '@/lib/session-store';
import { sessionViewer } from '../lib/session-viewer';

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
    const rawSettings: Record<string, string> = {};
    for (const { key, value } of user?.company?.settings ?? []) rawSettings[key] = value;
    const { viewer, settings } = sessionViewer(user);
    return {
      viewer,
      isAdmin: viewer ? isAdmin(viewer) : false,
      settings,
      rawSettings,
      userName: user?.name ?? '',
      companyId: user?.companyId ?? null,
    };
  }, [user]);
}
