import { useEffect } from 'react';

/** What a host page may post: the plan's id, bare or as `{ planId }` / `{ plan }`. */
export function planIdFromMessage(data: unknown): string | null {
  if (typeof data === 'string' || typeof data === 'number') return String(data).trim() || null;
  if (data && typeof data === 'object') {
    const { planId, plan } = data as { planId?: unknown; plan?: unknown };
    const value = planId ?? plan;
    if (typeof value === 'string' || typeof value === 'number') return String(value).trim() || null;
  }
  return null;
}

/**
 * Spec part 1 §2: the sign-up works inside an iframe and the selected plan arrives by a window
 * message. Only the page that embeds us (`window.parent`) is listened to; the plan merely preselects
 * a field, which the visitor still sees and may change, and the API checks it is published.
 */
export function usePlanFromParent(onPlan: (planId: string) => void): void {
  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (event.source !== window.parent || window.parent === window) return;
      const planId = planIdFromMessage(event.data);
      if (planId) onPlan(planId);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [onPlan]);
}
