import type { ConnectionStatus } from '@atende/shared';

/** Badge colour of each connection status, shared by the connections screen and the simulator. */
export const CONNECTION_STATUS_PALETTE: Record<ConnectionStatus, string> = {
  CONNECTED: 'green',
  qrcode: 'orange',
  PAIRING: 'yellow',
  OPENING: 'blue',
  DISCONNECTED: 'red',
  TIMEOUT: 'red',
};
