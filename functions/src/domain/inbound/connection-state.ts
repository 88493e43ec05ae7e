/** connection.qr / connection.pairingCode / connection.status → the connection item, then realtime. */
import type { ChannelEvent } from '@atende/shared';
import { updateConnectionState, type ConnectionRecord, type ConnectionState } from '../../data/connections';
import { publishConnectionUpdated } from '../connections/connection-events';

type StateEvent = Extract<ChannelEvent, { type: 'connection.qr' | 'connection.pairingCode' | 'connection.status' }>;

export function stateChangeOf(event: StateEvent): ConnectionState {
  switch (event.type) {
    case 'connection.qr':
      return { status: 'qrcode', qrcode: event.qr, retries: event.attempt };
    case 'connection.pairingCode':
      return { status: 'PAIRING', pairingCode: event.code };
    case 'connection.status': {
      const number = event.number?.replace(/\D/g, '');
      // Leaving the QR/pairing phase (connected, or session ended) empties the QR: the dialog closes on ''.
      const clearsQr =
        event.status === 'CONNECTED' || event.status === 'DISCONNECTED' || event.status === 'TIMEOUT' || event.loggedOut;
      return {
        status: event.loggedOut ? 'DISCONNECTED' : event.status,
        ...(number ? { number } : {}),
        ...(clearsQr ? { qrcode: '', pairingCode: '' } : {}),
        ...(event.status === 'CONNECTED' ? { retries: 0 } : {}),
      };
    }
  }
}

/**
 * Events of one connection arrive in order (FIFO group), but a redelivered old event must not undo a
 * newer one: the update is conditional on `occurredAt` not being older than the last applied event.
 */
export async function applyConnectionState(connection: ConnectionRecord, event: StateEvent): Promise<void> {
  const occurredAt = new Date(event.occurredAt).toISOString();
  const updated = await updateConnectionState(connection.companyId, connection.id, stateChangeOf(event), occurredAt);
  if (updated) await publishConnectionUpdated(updated);
}
