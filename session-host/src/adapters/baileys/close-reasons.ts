/**
 * What a socket close means for the session (Baileys' DisconnectReason). Final reasons are not
 * retried: 440 (connectionReplaced — another client took the session; retrying turns into a
 * ping-pong between the two), 403 (forbidden — the account is banned or blocked) and 411
 * (multideviceMismatch). 405 is an outdated web version (wa-version.ts).
 */
import { DisconnectReason } from '@whiskeysockets/baileys';

export type CloseKind = 'loggedOut' | 'restartRequired' | 'qrTimeout' | 'final' | 'versionRefused' | 'transient';

const FINAL = new Set<number>([
  DisconnectReason.connectionReplaced,
  DisconnectReason.forbidden,
  DisconnectReason.multideviceMismatch,
]);
const VERSION_REFUSED = 405;

export function closeKindOf(code: number | undefined, message: string | undefined): CloseKind {
  if (code === DisconnectReason.loggedOut) return 'loggedOut';
  if (code === DisconnectReason.restartRequired) return 'restartRequired';
  if (code === DisconnectReason.timedOut && /QR refs/i.test(message ?? '')) return 'qrTimeout';
  if (code !== undefined && FINAL.has(code)) return 'final';
  if (code === VERSION_REFUSED) return 'versionRefused';
  return 'transient';
}

export const FINAL_REASON_TEXT: Record<number, string> = {
  [DisconnectReason.connectionReplaced]: 'another client opened this WhatsApp session (440)',
  [DisconnectReason.forbidden]: 'WhatsApp refused this account (403)',
  [DisconnectReason.multideviceMismatch]: 'multi-device mismatch: link the device again (411)',
};
