import { useEffect, useState } from 'react';

/**
 * Runs `task` once the page has painted and the main thread is idle (at most `timeoutMs` later):
 * for code the first screen does not need (the socket, the sign-in form's schema, the language
 * menu's popup, the toasts' renderer), so that its download and evaluation do not delay the first
 * paint (decisions.md "First load and phone polish"). Returns a cancel function.
 */
export function afterFirstPaint(task: () => void, timeoutMs = 1500): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 200);
  return () => window.clearTimeout(timer);
}

/** False on the first render, true once the page has painted and gone idle (see `afterFirstPaint`). */
export function usePaintedIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => afterFirstPaint(() => setIdle(true)), []);
  return idle;
}
