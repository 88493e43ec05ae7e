import type { ConnectionStatus } from '@atende/shared';

/**
 * What the "session" column offers for each connection status (spec part 2 §4).
 * Kept as data so the table, the mobile cards and the tests read the same rule.
 */
export type SessionAction = 'showQr' | 'retry' | 'newQr' | 'disconnect' | 'connecting';

const ACTIONS_BY_STATUS: Record<ConnectionStatus, readonly SessionAction[]> = {
  qrcode: ['showQr'],
  DISCONNECTED: ['retry', 'newQr'],
  CONNECTED: ['disconnect'],
  PAIRING: ['disconnect'],
  TIMEOUT: ['disconnect'],
  OPENING: ['connecting'],
};

export function sessionActionsFor(status: string): readonly SessionAction[] {
  return ACTIONS_BY_STATUS[status as ConnectionStatus] ?? [];
}
