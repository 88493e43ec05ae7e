/**
 * Wire types of the session host's simulator control API (docs/simulator-api.md), shared by the
 * session host that serves it and the console's customer-phone page that calls it. Local mode only.
 */
import type { ConnectionStatus, MediaFailureReason, MediaKind, SendFailureReason } from './channel';

export interface SimConnectionView {
  connectionId: string;
  companyId: string;
  status: ConnectionStatus;
  qr: string | null;
  number: string | null;
  networkDropped: boolean;
  contacts: number;
  /** The code the console shows while pairing by code (the person types it on the simulated phone), else null. */
  pairingCode: string | null;
  /** WhatsApp restricts the account: the business's sends are refused (error 463), as a real restriction does. */
  restricted: boolean;
  /** Largest file the session host downloads; larger customer files arrive as a message without the file. */
  maxInboundMediaBytes: number;
}

export interface SimContact {
  number: string;
  name: string;
  /** The contact's LID JID (`<digits>@lid`). */
  lid: string;
  /** Writes from its @lid JID with the phone number only as the alternate, as WhatsApp does more and more. */
  lidOnly: boolean;
  lastMessageAt: string | null;
}

export type SimAck = 0 | 1 | 2 | 3 | 4;

interface SimMediaBase {
  kind: MediaKind;
  mimetype: string;
  fileName: string | null;
  voiceNote: boolean;
}

/** Media as the API answers it: a `/media?key=` URL relative to the API. */
export interface SimMediaView extends SimMediaBase {
  url: string;
}
/** Media as the simulator stores it: the S3 key. */
export interface SimMediaStored extends SimMediaBase {
  key: string;
}

export interface SimMessageOf<TMedia> {
  id: string;
  from: 'customer' | 'business';
  text: string;
  media: TMedia | null;
  quotedId: string | null;
  ack: SimAck;
  edited: boolean;
  deleted: boolean;
  timestamp: string;
  /**
   * A business message WhatsApp refused (reason), or a customer file the platform did not get
   * ('too-large'). Absent on messages stored before it existed.
   */
  failure?: SendFailureReason | MediaFailureReason | null;
}

export type SimMessageView = SimMessageOf<SimMediaView>;
