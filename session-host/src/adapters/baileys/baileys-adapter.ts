/**
 * The real adapter, on `@whiskeysockets/baileys` 7. One socket per `start()`; the session manager
 * reconnects. The socket is created through a factory so tests can hand in a fake socket (there is
 * no WhatsApp to talk to offline): everything from Baileys events to channel events, and from
 * commands to `sendMessage` arguments, runs for real in the tests.
 */
import type { ChannelMessage, MediaRef } from '@atende/shared';
import {
  Browsers, DisconnectReason, downloadMediaMessage, jidDecode, makeWASocket,
  type AnyMessageContent, type AuthenticationState, type BaileysEventEmitter, type ConnectionState, type Contact, type MiscMessageGenerationOptions,
  type proto, type WAMessage, type WAMessageKey,
} from '@whiskeysockets/baileys';
import type { Logger } from '../../logger';
import { AdapterBase, NotConnectedError, type AdapterStartOptions, type ChannelEventBody, type DeleteCommand, type ReadCommand, type SendCommand } from '../channel-adapter';
import { contactFromJids, recipientJid } from './contact-identity';
import {
  channelMessageOf, eventsOfContacts, eventsOfDeletedKeys, eventsOfLidMapping, eventsOfReceipt, eventsOfUpdate, isIgnoredJid, mediaOf,
} from './message-translation';
import { sendArguments } from './outbound-content';

/** The part of a Baileys socket the adapter uses; `makeWASocket`'s result satisfies it. */
export interface BaileysSocketLike {
  ev: BaileysEventEmitter;
  user?: Contact;
  sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined>;
  readMessages(keys: WAMessageKey[]): Promise<void>;
  logout(message?: string): Promise<void>;
  end(error: Error | undefined): unknown;
  requestPairingCode(phoneNumber: string): Promise<string>;
  updateMediaMessage(message: WAMessage): Promise<WAMessage>;
}

export interface SocketParams {
  auth: AuthenticationState;
  logger: Logger;
  getMessage(key: WAMessageKey): Promise<proto.IMessage | undefined>;
}

export type SocketFactory = (params: SocketParams) => BaileysSocketLike;
export type MediaDownloader = (message: WAMessage, socket: BaileysSocketLike, logger: Logger) => Promise<Buffer>;

export const createBaileysSocket: SocketFactory = (params) => makeWASocket({
  ...params,
  browser: Browsers.ubuntu('Atende'),
  markOnlineOnConnect: false,
  syncFullHistory: false,
  // The platform starts from "now": history sync would replay old chats as new tickets.
  shouldSyncHistoryMessage: () => false,
}) as unknown as BaileysSocketLike;

export const downloadBaileysMedia: MediaDownloader = async (message, socket, logger) =>
  downloadMediaMessage(message, 'buffer', {}, { logger, reuploadRequest: (m) => socket.updateMediaMessage(m) }) as Promise<Buffer>;

/** Recently sent messages: echo suppression and the content Baileys asks for when a recipient requests a retry. */
const OWN_SENDS_KEPT = 500;

export interface BaileysAdapterDeps {
  log: Logger;
  createSocket?: SocketFactory;
  downloadMedia?: MediaDownloader;
}

export class BaileysAdapter extends AdapterBase {
  readonly kind = 'baileys' as const;
  private socket: BaileysSocketLike | undefined;
  private generation = 0;
  private connected = false;
  private pairingRequested = false;
  private readonly ownSends = new Map<string, proto.IMessage | undefined>();
  /** Inbound messages are translated one after another (media downloads must not reorder them). */
  private inbound: Promise<void> = Promise.resolve();

  constructor(private readonly deps: BaileysAdapterDeps) {
    super();
  }

  protected async open(options: AdapterStartOptions): Promise<void> {
    const generation = ++this.generation;
    const live = () => generation === this.generation;
    this.connected = false;
    this.pairingRequested = false;
    this.emit({ type: 'lifecycle.connecting' });
    const logger = this.deps.log.child({ connectionId: options.connectionId, lib: 'baileys' }, { level: 'warn' });
    const socket = (this.deps.createSocket ?? createBaileysSocket)({
      auth: options.auth.state,
      logger,
      getMessage: async (key) => (key.id ? this.ownSends.get(key.id) : undefined),
    });
    this.socket = socket;
    const { ev } = socket;
    ev.on('creds.update', () => {
      options.auth.saveCreds().catch((err) => this.deps.log.error({ err, connectionId: options.connectionId }, 'credentials not saved'));
    });
    ev.on('connection.update', (update) => { if (live()) void this.onConnectionUpdate(socket, update, options); });
    ev.on('messages.upsert', ({ messages }) => {
      if (!live()) return;
      this.inbound = this.inbound.then(() => this.onMessages(socket, messages, options)).catch((err) =>
        this.deps.log.error({ err, connectionId: options.connectionId }, 'inbound message not translated'));
    });
    ev.on('messages.update', (updates) => { if (live()) this.emitAll(updates.flatMap(eventsOfUpdate)); });
    ev.on('message-receipt.update', (receipts) => { if (live()) this.emitAll(receipts.flatMap(eventsOfReceipt)); });
    ev.on('messages.delete', (deletion) => { if (live() && 'keys' in deletion) this.emitAll(eventsOfDeletedKeys(deletion.keys)); });
    ev.on('contacts.upsert', (contacts) => { if (live()) this.emitAll(eventsOfContacts(contacts)); });
    ev.on('contacts.update', (contacts) => { if (live()) this.emitAll(eventsOfContacts(contacts)); });
    ev.on('lid-mapping.update', (mapping) => { if (live()) this.emitAll(eventsOfLidMapping(mapping)); });
  }

  private async onConnectionUpdate(
    socket: BaileysSocketLike,
    update: Partial<ConnectionState>,
    options: AdapterStartOptions,
  ): Promise<void> {
    if (update.qr) {
      if (options.usePairingCode && options.phoneNumber) {
        if (this.pairingRequested) return;
        this.pairingRequested = true;
        const code = await socket.requestPairingCode(options.phoneNumber.replace(/\D/g, ''));
        this.emit({ type: 'connection.pairingCode', code });
      } else {
        this.emit({ type: 'lifecycle.qr', qr: update.qr });
      }
    }
    if (update.isNewLogin) this.emit({ type: 'lifecycle.paired', number: jidDecode(options.auth.creds.me?.id)?.user });
    if (update.connection === 'open') {
      this.connected = true;
      const me = socket.user ?? options.auth.creds.me;
      this.emit({ type: 'lifecycle.open', number: jidDecode(me?.id)?.user, lid: me?.lid ? `${jidDecode(me.lid)?.user}@lid` : undefined });
    }
    if (update.connection === 'close') {
      this.generation++;
      this.connected = false;
      const error = update.lastDisconnect?.error as (Error & { output?: { statusCode?: number } }) | undefined;
      const code = error?.output?.statusCode;
      this.emit({
        type: 'lifecycle.closed',
        reason: error?.message ? `${error.message}${code ? ` (${code})` : ''}` : `closed (${code ?? 'no code'})`,
        loggedOut: code === DisconnectReason.loggedOut,
        restartRequired: code === DisconnectReason.restartRequired,
        qrTimeout: code === DisconnectReason.timedOut && /QR refs/i.test(error?.message ?? ''),
      });
    }
  }

  private async onMessages(socket: BaileysSocketLike, messages: WAMessage[], options: AdapterStartOptions): Promise<void> {
    for (const message of messages) {
      const { key } = message;
      if (!message.message || !key.id || isIgnoredJid(key.remoteJid)) continue;
      // Our own sends come back as upserts; the send path already reported them with their clientMessageId.
      if (key.fromMe && this.ownSends.has(key.id)) continue;
      if (!channelMessageOf(message)) continue;
      const media = await this.storeMedia(socket, message, options);
      const translated = channelMessageOf(message, media)!;
      this.emit(key.fromMe ? { type: 'message.sent', message: translated } : { type: 'message.received', message: translated });
    }
  }

  private async storeMedia(socket: BaileysSocketLike, message: WAMessage, options: AdapterStartOptions): Promise<MediaRef | undefined> {
    const part = mediaOf(message.message);
    if (!part) return undefined;
    try {
      const body = await (this.deps.downloadMedia ?? downloadBaileysMedia)(message, socket, this.deps.log);
      const stored = await options.media.put({ companyId: options.companyId, connectionId: options.connectionId, fileName: part.fileName, mimetype: part.mimetype, body });
      return { ...part, key: stored.key, sizeBytes: stored.sizeBytes };
    } catch (err) {
      // The message still matters without its file (the platform shows it as media that failed to download).
      this.deps.log.warn({ err, externalId: message.key.id }, 'media download failed');
      return undefined;
    }
  }

  private emitAll(events: ChannelEventBody[]): void {
    for (const event of events) this.emit(event);
  }

  async stop(): Promise<void> {
    this.generation++;
    this.connected = false;
    this.socket?.end(undefined);
    this.socket = undefined;
    await this.options?.auth.flush();
  }

  async logout(): Promise<void> {
    const socket = this.socket;
    this.generation++;
    this.connected = false;
    this.socket = undefined;
    try {
      await socket?.logout();
    } finally {
      await this.started.auth.clear();
    }
  }

  async send(command: SendCommand, messageId: string): Promise<ChannelMessage> {
    const socket = this.connectedSocket(command.connectionId);
    const media = command.media ? (await this.started.media.get(command.media.key)).body : undefined;
    const args = sendArguments(command, messageId, media);
    this.rememberOwn(messageId, undefined);
    let sent: WAMessage | undefined;
    try {
      sent = await socket.sendMessage(args.jid, args.content, args.options);
    } catch (err) {
      if (!this.connected) throw new NotConnectedError(command.connectionId);
      throw err;
    }
    this.rememberOwn(messageId, sent?.message ?? undefined);
    const key = sent?.key ?? { remoteJid: args.jid, id: messageId, fromMe: true };
    return {
      externalId: key.id ?? messageId,
      fromMe: true,
      contact: contactFromJids(key.remoteJid ?? args.jid, (key as WAMessageKey).remoteJidAlt),
      isGroup: (key.remoteJid ?? args.jid).endsWith('@g.us'),
      body: command.text ?? '',
      ...(command.media ? { media: command.media } : {}),
      ...(command.quoted ? { quotedExternalId: command.quoted.externalId } : {}),
      timestamp: new Date().toISOString(),
      clientMessageId: command.clientMessageId,
    };
  }

  async deleteMessage(command: DeleteCommand): Promise<void> {
    const socket = this.connectedSocket(command.connectionId);
    const jid = recipientJid(command.to);
    await socket.sendMessage(jid, { delete: { remoteJid: jid, fromMe: command.fromMe, id: command.externalId } });
  }

  async markRead(command: ReadCommand): Promise<void> {
    const socket = this.connectedSocket(command.connectionId);
    const jid = recipientJid(command.to);
    await socket.readMessages(command.externalIds.map((id) => ({ remoteJid: jid, id, fromMe: false })));
  }

  private connectedSocket(connectionId: string): BaileysSocketLike {
    if (!this.connected || !this.socket) throw new NotConnectedError(connectionId);
    return this.socket;
  }

  private rememberOwn(id: string, content: proto.IMessage | undefined): void {
    this.ownSends.delete(id);
    this.ownSends.set(id, content);
    if (this.ownSends.size > OWN_SENDS_KEPT) this.ownSends.delete(this.ownSends.keys().next().value as string);
  }
}
