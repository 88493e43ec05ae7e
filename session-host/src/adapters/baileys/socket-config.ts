/**
 * `makeWASocket`'s configuration. The browser tuple matters for pairing codes: Baileys announces
 * `companion_platform_id` from `browser[1]` and `companion_platform_display` as "<browser[1]> (<browser[0]>)";
 * WhatsApp answers 400 to a pairing code for a platform it does not know (e.g. "Atende (Ubuntu)"),
 * while `requestPairingCode` still returns a code (sent with sendNode, the answer is not awaited) —
 * see upstream issues 1167, 2560 and PRs 614, 2768/2769. Chrome on macOS is a tuple WhatsApp accepts.
 */
import {
  Browsers,
  makeWASocket,
  type AnyMessageContent,
  type AuthenticationState,
  type BaileysEventEmitter,
  type BinaryNode,
  type CacheStore,
  type Contact,
  type GroupMetadata,
  type MiscMessageGenerationOptions,
  proto,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageKey,
  type WAVersion,
} from '@whiskeysockets/baileys';
import type { Logger } from '../../logger';
import { isIgnoredJid } from './message-translation';

export const BROWSER = Browsers.macOS('Chrome');

const MAPPING_SYNC_TYPES = new Set<number>([
  proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP,
  proto.HistorySync.HistorySyncType.PUSH_NAME,
]);

/** The part of a Baileys socket the adapter uses; `makeWASocket`'s result satisfies it. */
export interface BaileysSocketLike {
  ev: BaileysEventEmitter;
  user?: Contact;
  sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined>;
  readMessages(keys: WAMessageKey[]): Promise<void>;
  logout(message?: string): Promise<void>;
  end(error: Error | undefined): unknown;
  requestPairingCode(phoneNumber: string): Promise<string>;
  updateMediaMessage(message: WAMessage): Promise<WAMessage>;
  onWhatsApp(...jids: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  groupMetadata(jid: string): Promise<GroupMetadata>;
  signalRepository: { lidMapping: { getPNForLID(lid: string): Promise<string | null> } };
  /** The websocket, for frames Baileys does not turn into events (a refused pairing code: pairing-code.ts). */
  ws?: { on(event: string, listener: (frame: BinaryNode) => void): unknown };
  /** Refuses a ringing call (company setting `call` disabled). */
  rejectCall?(callId: string, callFrom: string): Promise<void>;
}

export interface SocketParams {
  auth: AuthenticationState;
  logger: Logger;
  /** Undefined: the version bundled with Baileys. */
  version?: WAVersion;
  getMessage(key: WAMessageKey): Promise<proto.IMessage | undefined>;
  cachedGroupMetadata(jid: string): Promise<GroupMetadata | undefined>;
  /** Outlives the socket, so a reconnect does not restart every retry count (the Baileys example does the same). */
  msgRetryCounterCache: CacheStore;
}

export type SocketFactory = (params: SocketParams) => BaileysSocketLike;

export function socketConfig(params: SocketParams): UserFacingSocketConfig {
  const { version, ...rest } = params;
  return {
    ...rest,
    ...(version ? { version } : {}),
    browser: BROWSER,
    // Baileys' defaults are the opposite: online on connect would silence the business's phone
    // notifications; a full history sync would replay years of chats the platform starts without.
    markOnlineOnConnect: false,
    syncFullHistory: false,
    // Status updates, channels and broadcast lists are acked and dropped before decryption (messages-recv.js
    // processNode), instead of Baileys decrypting every contact's status for the adapter to throw away.
    shouldIgnoreJid: (jid) => Boolean(jid) && isIgnoredJid(jid),
    // The platform starts from "now" (the adapter never turns history into messages), but the initial
    // bootstrap and push-name syncs carry the phone's LID↔number mappings (phoneNumberToLidMappings),
    // which Baileys stores only if it processes them; with every sync off it warns of session errors.
    shouldSyncHistoryMessage: ({ syncType }) => MAPPING_SYNC_TYPES.has(syncType ?? -1),
  };
}

export const createBaileysSocket: SocketFactory = (params) =>
  makeWASocket(socketConfig(params)) as unknown as BaileysSocketLike;
