/** What a simulated customer's phone shows (docs/simulator-api.md "Types"). */
import type { SimMediaStored, SimMessageOf } from '@atende/shared';

export type { SimAck, SimContact } from '@atende/shared';
export type SimMedia = SimMediaStored;
export type SimMessage = SimMessageOf<SimMediaStored>;

export interface SimulatorTiming {
  /** Delay before a business message shows as delivered (ack 2) and as read (ack 3). */
  deliveredAckMs: number;
  readAckMs: number;
  /** A new QR every this often while nobody scans; after `qrMaxAttempts` the attempt times out. */
  qrRefreshMs: number;
  qrMaxAttempts: number;
  /** Simulated round trip for opening a socket. */
  networkLatencyMs: number;
}

export const DEFAULT_SIMULATOR_TIMING: SimulatorTiming = {
  deliveredAckMs: 250,
  readAckMs: 1_000,
  qrRefreshMs: 30_000,
  qrMaxAttempts: 5,
  networkLatencyMs: 30,
};
