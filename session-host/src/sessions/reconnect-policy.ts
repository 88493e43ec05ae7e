/**
 * What a closed socket leads to, and how long to wait before reopening one that dropped: exponential
 * backoff with jitter, from `initialMs` doubling per attempt up to `maxMs`, each wait drawn from the
 * upper half of its step.
 */
import type { LifecycleEvent } from '../adapters/channel-adapter';
import type { BackoffConfig } from '../config';

type Closed = Extract<LifecycleEvent, { type: 'lifecycle.closed' }>;

/**
 * - `restart`: WhatsApp asked for a new socket (515), expected once right after pairing;
 * - `loggedOut`: the device was removed, credentials go;
 * - `final`: retrying cannot help (replaced, refused, superseded): stop and tell a person;
 * - `qrTimeout`: nobody scanned the QR: stop until started again;
 * - `retry`: a drop: reconnect after a backoff.
 */
export type CloseOutcome = 'restart' | 'loggedOut' | 'final' | 'qrTimeout' | 'retry';

export function closeOutcome(closed: Closed): CloseOutcome {
  if (closed.restartRequired) return 'restart';
  if (closed.loggedOut) return 'loggedOut';
  if (closed.final) return 'final';
  if (closed.qrTimeout) return 'qrTimeout';
  return 'retry';
}

export function reconnectDelayMs(attempt: number, backoff: BackoffConfig, random: () => number = Math.random): number {
  const ceiling = Math.min(backoff.maxMs, backoff.initialMs * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
