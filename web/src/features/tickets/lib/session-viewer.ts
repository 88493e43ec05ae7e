import { policySettings, type PolicySettings, type SessionUserDto, type Viewer } from '@atende/shared';

/**
 * The signed-in user as the shared policy sees them (spec part 1 §6): their queues and the company's
 * toggles. `useViewer` reads it for components; the cache patches read it for live events.
 */
export interface SessionViewer {
  viewer: Viewer | null;
  settings: PolicySettings;
}

export function sessionViewer(user: SessionUserDto | null | undefined): SessionViewer {
  const settings = policySettings(user?.company?.settings ?? []);
  if (!user) return { viewer: null, settings };
  return {
    viewer: {
      userId: user.id,
      companyId: user.companyId,
      profile: user.profile,
      super: user.super,
      queueIds: (user.queues ?? []).map((q) => q.id),
    },
    settings,
  };
}
