/** What a simulated customer's phone shows (docs/simulator-api.md "Types"). */
import type { MediaKind } from '@atende/shared';

export interface SimContact {
  number: string;
  name: string;
  /** The contact's LID JID (`<digits>@lid`). */
  lid: string;
  /** Writes from its @lid JID with the phone number only as the alternate, as WhatsApp does more and more. */
  lidOnly: boolean;
  lastMessageAt: string | null;
}

export interface SimMedia {
  kind: MediaKind;
  mimetype: string;
  fileName: string | null;
  voiceNote: boolean;
  /** S3 key; the control API turns it into a `/media?key=` URL. */
  key: string;
}

export type SimAck = 0 | 1 | 2 | 3 | 4;

export interface SimMessage {
  id: string;
  from: 'customer' | 'business';
  text: string;
  media: SimMedia | null;
  quotedId: string | null;
  ack: SimAck;
  edited: boolean;
  deleted: boolean;
  timestamp: string;
}

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
