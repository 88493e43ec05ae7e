import { apiDelete } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';

/**
 * The query cache exists once the signed-in app has loaded (it carries react-query, which the
 * sign-in page does not load); forgetting it must not pull it in.
 */
function clearQueryCache(): void {
  void import('@/lib/query-client').then(({ queryClient }) => queryClient.clear());
}

/** Best effort on the server (the refresh cookie is revoked there); always forget locally. */
export async function logout(): Promise<void> {
  try {
    await apiDelete('/auth/logout');
  } catch {
    // Already logged out server-side, or offline: the local clear below is what matters.
  }
  sessionStore.clear();
  clearQueryCache();
}

/** Forced logout (realtime, company guard): forget locally, tell the server without waiting. */
export function clearSessionLocally(): void {
  void apiDelete('/auth/logout').catch(() => undefined);
  sessionStore.clear();
  clearQueryCache();
}
