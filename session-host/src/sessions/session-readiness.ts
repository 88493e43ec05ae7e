/**
 * Whether a connection can run a message command now (the outbound consumer asks before executing):
 * connected, coming back by itself (`transient`: hold the command), or needing a person or another
 * host (`unavailable`: fail or hand back the command).
 */
import type { EventEmitter } from 'node:events';
import type { ManagedSession, Readiness } from '../session-types';

export function readinessOf(session: ManagedSession | undefined): Readiness {
  if (!session) return 'unavailable';
  if (session.status === 'CONNECTED') return 'connected';
  // A device waiting for a QR scan or a pairing code needs a person, not time.
  if (session.status === 'qrcode' || (session.status === 'PAIRING' && !session.auth.isRegistered)) return 'unavailable';
  return 'transient';
}

/**
 * Resolves when `current()` stops being `transient`, or after `timeoutMs`; re-checked whenever
 * `changes` emits the connection id (every status change, and a session dropped from the host).
 */
export function waitUntilSettled(
  changes: EventEmitter,
  connectionId: string,
  current: () => Readiness,
  timeoutMs: number,
): Promise<Readiness> {
  const now = current();
  if (now !== 'transient') return Promise.resolve(now);
  return new Promise((resolve) => {
    let timedOut = false;
    const done = () => {
      const readiness = current();
      if (readiness === 'transient' && !timedOut) return;
      clearTimeout(timer);
      changes.off(connectionId, done);
      resolve(readiness);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      done();
    }, timeoutMs);
    changes.on(connectionId, done);
  });
}
