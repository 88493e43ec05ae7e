/** What a simulated customer's phone shows (docs/simulator-api.md "Types"). */
import type { SimMediaStored, SimMessageOf } from '@atende/shared';
import type { ChannelEventBody } from '../channel-adapter';

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

/** The linked device as the simulated phone sees it (the simulator adapter). */
export interface SimDevice {
  /**
   * Hands an event to the device. Resolves when the device sends its delivery receipt — once the
   * host has enqueued the event — and rejects when it will not (offline, host stopping).
   */
  deliver(event: ChannelEventBody): Promise<void>;
  showQr(qr: string): void;
  qrTimedOut(): void;
  paired(me: { number: string; lid: string }): Promise<void>;
  networkLost(): void;
  loggedOut(): void;
}

export class SimulatorError extends Error {
  constructor(
    readonly code: 'NOT_FOUND' | 'CONFLICT' | 'BAD_REQUEST',
    message: string,
  ) {
    super(message);
  }
}

export interface CustomerMessageInput {
  text?: string;
  /**
   * `sizeBytes`: the size the file claims to have (a stand-in for a large file the simulator does not
   * upload); over the host's limit, the platform gets the message without the file, as with Baileys.
   */
  media?: { fileName?: string; mimetype: string; base64: string; voiceNote?: boolean; sizeBytes?: number };
  quotedId?: string;
}

export interface BusinessMessageInput {
  id: string;
  to: string;
  text: string;
  media?: SimMedia;
  quotedId?: string;
}
