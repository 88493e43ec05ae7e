import { apiDelete } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { sessionStore } from '@/lib/session-store';

/** Best effort on the server (the refresh cookie is revoked there); always forget locally. */
export async function logout(): Promise<void> {
  try {
    await apiDelete('/auth/logout');
  } catch {
    // Already logged out server-side, or offline: the local clear below is what matters.
  }
  sessionStore.clear();
  queryClient.clear();
}

/** Forced logout (realtime, company guard): forget locally, tell the server without waiting. */
export function clearSessionLocally(): void {
  void apiDelete('/auth/logout').catch(() => undefined);
  sessionStore.clear();
  queryClient.clear();
}
