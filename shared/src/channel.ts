/**
 * The contract between the session host (transport) and the functions (business logic).
 * Outbound commands travel on the shard's FIFO queue (MessageGroupId = connectionId);
 * channel events travel on the inbound FIFO queue (MessageGroupId = connectionId).
 * Both are JSON; every message carries an idempotency key so consumers can drop redeliveries.
 */
export const CONNECTION_STATUSES = ['qrcode', 'DISCONNECTED', 'CONNECTED', 'PAIRING', 'TIMEOUT', 'OPENING'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** Statuses that raise the side-menu badge (spec part 1 §2). */
export const ATTENTION_STATUSES: readonly ConnectionStatus[] = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];

export const CHANNELS = ['whatsapp', 'facebook', 'instagram', 'telegram'] as const;
export type Channel = (typeof CHANNELS)[number];

export const ADAPTER_KINDS = ['baileys', 'simulator'] as const;
export type AdapterKind = (typeof ADAPTER_KINDS)[number];

export type MediaKind = 'image' | 'audio' | 'video' | 'document' | 'sticker';

export interface MediaRef {
  kind: MediaKind;
  /** S3 key inside the media bucket, always under `C#<companyId>/`. */
  key: string;
  mimetype: string;
  fileName?: string;
  /** Audio sent as a voice note (ptt). */
  voiceNote?: boolean;
  sizeBytes?: number;
}

/** Identity of the party on the other side. `jid` is the WhatsApp JID (number@s.whatsapp.net or …@lid). */
export interface ChannelContact {
  jid: string;
  number?: string;
  lid?: string;
  name?: string;
  pushName?: string;
}

// ---------------------------------------------------------------- outbound commands

interface CommandBase {
  /** Idempotency key: the same command delivered twice is executed once. */
  commandId: string;
  companyId: string;
  connectionId: string;
  issuedAt: string;
}

export type OutboundCommand =
  | (CommandBase & { type: 'session.start'; adapter: AdapterKind; usePairingCode?: boolean; phoneNumber?: string })
  | (CommandBase & { type: 'session.newQr' })
  | (CommandBase & { type: 'session.logout' })
  | (CommandBase & { type: 'session.stop' })
  /**
   * POST /restartpm2 (super users): restart every session the shard holds. Sent once per shard;
   * `companyId` is the requester's company and `connectionId` is `HOST_COMMAND_CONNECTION_ID`.
   */
  | (CommandBase & { type: 'host.restart' })
  | (CommandBase & {
      type: 'message.send';
      to: string;
      /** Id the business side gave the message; echoed back on the `message.sent` event. */
      clientMessageId: string;
      text?: string;
      media?: MediaRef;
      /** `body` (the quoted text) lets the recipient's phone show the quote preview; WhatsApp needs the content, not just the id. */
      quoted?: { externalId: string; fromMe: boolean; participant?: string; body?: string };
    })
  | (CommandBase & { type: 'message.delete'; to: string; externalId: string; fromMe: boolean })
  | (CommandBase & { type: 'message.read'; to: string; externalIds: string[] })
  /** Refuses a WhatsApp call (company setting `call` disabled); `from` is the caller's JID as the call event gave it. */
  | (CommandBase & { type: 'call.reject'; callId: string; from: string })
  /**
   * Which of these numbers (E.164 digits, ≤ NUMBERS_CHECK_MAX) have a WhatsApp account, asked through
   * this connection; answered by a `numbers.checked` event with the same `requestId`.
   */
  | (CommandBase & { type: 'numbers.check'; requestId: string; numbers: string[] });

export type OutboundCommandType = OutboundCommand['type'];

/** The most numbers one `numbers.check` command asks about (one WhatsApp query). */
export const NUMBERS_CHECK_MAX = 50;

/** One number's answer in `numbers.checked`: `jid` is the account WhatsApp found (Brazil: maybe without/with the ninth digit). */
export interface NumberCheckResult {
  number: string;
  exists: boolean;
  jid?: string;
}

/** `connectionId` (and FIFO group) of commands aimed at the whole session host, not one connection. */
export const HOST_COMMAND_CONNECTION_ID = '*';

// ---------------------------------------------------------------- channel events

interface EventBase {
  /** Idempotency key: derived from the channel's own ids where there are any. */
  eventId: string;
  companyId: string;
  connectionId: string;
  occurredAt: string;
}

export interface ChannelMessage {
  /** The channel's message id (WhatsApp key.id). Dedup key together with connectionId. */
  externalId: string;
  fromMe: boolean;
  contact: ChannelContact;
  /** Sender inside a group, if any. */
  participant?: ChannelContact;
  isGroup: boolean;
  body: string;
  media?: MediaRef;
  quotedExternalId?: string;
  timestamp: string;
  /** Set when fromMe and the business side asked for the send (echo of clientMessageId). */
  clientMessageId?: string;
  /** Not something a person wrote (see `ChannelNotice`); absent on ordinary messages. */
  notice?: ChannelNotice;
}

/**
 * A conversation item that is not a message a person wrote, with `body` in pt-BR for the places that
 * show only text (ticket list, search, webhooks); the console shows it translated:
 * - `unsupported`: a WhatsApp message type the platform does not show (`type`: WhatsApp's name for it,
 *   `body`: "[Mensagem não suportada: <type>]"). It never opens or reopens a ticket (`noticeOpensTicket`);
 * - `missedCall`: the customer tried to call and nobody here answered (`externalId` is the call's id).
 *   It lands on the conversation's ticket like a customer message, opening one if needed.
 */
export type ChannelNotice = { kind: 'unsupported'; type: string } | { kind: 'missedCall'; isVideo: boolean };

/** Whether a message carrying this notice may open (or reopen) a ticket; ordinary messages do. */
export const noticeOpensTicket = (notice: ChannelNotice | undefined | null): boolean => notice?.kind !== 'unsupported';

/**
 * Why a send did not happen or was refused after WhatsApp took it:
 * - `account-restricted` (463), `reach-out-locked` (the business may not start new chats for a while),
 *   `rejected` (479 and other error acks): WhatsApp refused the message (status ERROR in Baileys);
 * - `not-on-whatsapp`: the number has no WhatsApp account;
 * - `media-too-large`, `unsupported-format`: the file cannot be sent as it is;
 * - `not-connected`: the connection did not come back in time.
 */
export const SEND_FAILURE_REASONS = [
  'account-restricted',
  'reach-out-locked',
  'rejected',
  'not-on-whatsapp',
  'media-too-large',
  'unsupported-format',
  'not-connected',
] as const;
export type SendFailureReason = (typeof SEND_FAILURE_REASONS)[number];

/** Why an inbound message's file is not attached: over the host's size limit, or the download failed / took too long. */
export const MEDIA_FAILURE_REASONS = ['too-large', 'download-failed'] as const;
export type MediaFailureReason = (typeof MEDIA_FAILURE_REASONS)[number];

export type ChannelEvent =
  | (EventBase & { type: 'connection.qr'; qr: string; attempt: number })
  | (EventBase & { type: 'connection.pairingCode'; code: string })
  | (EventBase & {
      type: 'connection.status';
      status: ConnectionStatus;
      number?: string;
      reason?: string;
      loggedOut?: boolean;
    })
  | (EventBase & { type: 'message.received'; message: ChannelMessage })
  | (EventBase & { type: 'message.sent'; message: ChannelMessage })
  /**
   * A send that failed. Before WhatsApp took it: `clientMessageId` only (no message was recorded).
   * Refused after it was sent (`message.sent` already published): `externalId` too.
   */
  | (EventBase & {
      type: 'message.sendFailed';
      clientMessageId?: string;
      externalId?: string;
      error: string;
      reason?: SendFailureReason;
    })
  /**
   * The file of a message published earlier without it (`message.received`/`message.sent` come first so a
   * large download never holds up the conversation): `media` once stored, or `failure` when it will not come.
   */
  | (EventBase & {
      type: 'message.media';
      externalId: string;
      media?: MediaRef;
      failure?: { reason: MediaFailureReason; sizeBytes?: number; limitBytes?: number };
    })
  /** A reaction to a message (`emoji` '' = reaction removed). `fromMe`: reacted from the business's phone. */
  | (EventBase & { type: 'message.reaction'; externalId: string; emoji: string; fromMe: boolean; from?: ChannelContact })
  | (EventBase & { type: 'message.ack'; externalId: string; ack: 0 | 1 | 2 | 3 | 4 })
  | (EventBase & { type: 'message.edited'; externalId: string; body: string })
  | (EventBase & { type: 'message.deleted'; externalId: string })
  | (EventBase & { type: 'contact.updated'; contact: ChannelContact; profilePicUrl?: string })
  /** A voice or video call is ringing (WhatsApp's call offer); the business side decides whether to refuse it. */
  | (EventBase & { type: 'call.received'; callId: string; from: ChannelContact; isVideo: boolean; isGroup: boolean })
  /** The answer to a `numbers.check` command: one result per number asked (absent from WhatsApp's answer = `exists: false`). */
  | (EventBase & { type: 'numbers.checked'; requestId: string; results: NumberCheckResult[] });

export type ChannelEventType = ChannelEvent['type'];
