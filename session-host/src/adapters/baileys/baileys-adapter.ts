/**
 * The real adapter, on `@whiskeysockets/baileys` 7. One socket per `start()`; the session manager
 * reconnects. The socket is created through a factory so tests can hand in a fake socket (there is
 * no WhatsApp to talk to offline): everything from Baileys events to channel events, and from
 * commands to `sendMessage` arguments, runs for real in the tests. What lives longer than a socket
 * (retry counters, group metadata, the chat each message came on, sent content) is kept here or in
 * DynamoDB, never inside the socket.
 */
import { NodeCache } from '@cacheable/node-cache';
import type { ChannelMessage } from '@atende/shared';
import {
  jidDecode,
  type CacheStore,
  type ConnectionState,
  type GroupMetadata,
  type WAMessage,
  type WAMessageKey,
  type WAVersion,
} from '@whiskeysockets/baileys';
import { CredentialsSupersededError } from '../../auth-state/dynamodb-auth-state';
import type { Logger } from '../../logger';
import {
  ffmpegTranscoder,
  isOggOpus,
  OGG_OPUS,
  UnsupportedFormatError,
  type VoiceNoteTranscoder,
} from '../../media/voice-notes';
import {
  AdapterBase,
  NotConnectedError,
  SendRefusedError,
  type AdapterStartOptions,
  type ChannelEventBody,
  type DeleteCommand,
  type ReadCommand,
  type SendCommand,
} from '../channel-adapter';
import { ChatIndex } from './chat-index';
import { closeKindOf, FINAL_REASON_TEXT } from './close-reasons';
import { contactFromJids, recipientJid } from './contact-identity';
import { GroupMetadataCache } from './group-metadata-cache';
import { DEFAULT_MEDIA_LIMITS, MediaIntake, withTimeout, type MediaDownloader, type MediaLimits } from './inbound-media';
import {
  channelMessageOf,
  eventsOfContacts,
  eventsOfLidMapping,
  eventsOfReaction,
  eventsOfReceipt,
  eventsOfUpdate,
  isIgnoredJid,
  mediaOf,
} from './message-translation';
import { NumberResolver } from './number-resolver';
import { sendArguments } from './outbound-content';
import { createBaileysSocket, type BaileysSocketLike, type SocketFactory } from './socket-config';
import { WaVersionSource } from './wa-version';

export type { BaileysSocketLike, SocketFactory, SocketParams } from './socket-config';
export type { MediaDownloader } from './inbound-media';

/** Own sends remembered for echo suppression (their content is in DynamoDB for retries). */
const OWN_SENDS_KEPT = 2_000;
const LOGOUT_WAIT_MS = 5_000;

export interface BaileysAdapterDeps {
  log: Logger;
  createSocket?: SocketFactory;
  downloadMedia?: MediaDownloader;
  mediaLimits?: Partial<MediaLimits>;
  versions?: WaVersionSource;
  transcodeVoiceNote?: VoiceNoteTranscoder;
}

export class BaileysAdapter extends AdapterBase {
  readonly kind = 'baileys' as const;
  private socket: BaileysSocketLike | undefined;
  private socketVersion: WAVersion | undefined;
  private generation = 0;
  private connected = false;
  private pairingRequested = false;
  private readonly ownSends = new Set<string>();
  private readonly chats = new ChatIndex();
  private readonly groups = new GroupMetadataCache();
  private readonly numbers = new NumberResolver();
  private readonly retryCounters = new NodeCache({ stdTTL: 3600, useClones: false }) as CacheStore;
  private readonly intake: MediaIntake;
  private readonly versions: WaVersionSource;
  /** Inbound messages are translated one after another, in order; media downloads run beside them (inbound-media.ts). */
  private inbound: Promise<void> = Promise.resolve();

  constructor(private readonly deps: BaileysAdapterDeps) {
    super();
    this.intake = new MediaIntake({
      log: deps.log,
      limits: { ...DEFAULT_MEDIA_LIMITS, ...deps.mediaLimits },
      download: deps.downloadMedia,
    });
    this.versions = deps.versions ?? new WaVersionSource();
  }

  protected async open(options: AdapterStartOptions): Promise<void> {
    const generation = ++this.generation;
    const live = () => generation === this.generation;
    this.connected = false;
    this.pairingRequested = false;
    this.emit({ type: 'lifecycle.connecting' });
    const logger = this.deps.log.child({ connectionId: options.connectionId, lib: 'baileys' }, { level: 'warn' });
    this.socketVersion = await this.versions.version();
    if (!live()) return;
    const auth = options.auth;
    const socket = (this.deps.createSocket ?? createBaileysSocket)({
      auth: auth.state,
      logger,
      version: this.socketVersion,
      getMessage: async (key) => (key.id ? auth.sentMessages.get(key.id) : undefined),
      cachedGroupMetadata: (jid) => this.groupMetadata(jid),
      msgRetryCounterCache: this.retryCounters,
    });
    this.socket = socket;
    const { ev } = socket;
    ev.on('creds.update', () => {
      auth.saveCreds().catch((err) => {
        if (err instanceof CredentialsSupersededError) {
          if (live()) this.closeForGood(socket, 'another session host took over this connection');
          return;
        }
        this.deps.log.error({ err, connectionId: options.connectionId }, 'credentials not saved');
      });
    });
    ev.on('connection.update', (update) => {
      if (live()) void this.onConnectionUpdate(socket, update, options);
    });
    ev.on('messages.upsert', ({ messages }) => {
      if (!live()) return;
      this.inbound = this.inbound
        .then(() => this.onMessages(socket, messages, options))
        .catch((err) => this.deps.log.error({ err, connectionId: options.connectionId }, 'inbound message not translated'));
    });
    ev.on('messages.update', (updates) => {
      if (live()) this.emitAll(updates.flatMap(eventsOfUpdate));
    });
    ev.on('message-receipt.update', (receipts) => {
      if (live()) this.emitAll(receipts.flatMap(eventsOfReceipt));
    });
    ev.on('messages.reaction', (reactions) => {
      if (live()) this.emitAll(reactions.flatMap(eventsOfReaction));
    });
    // `messages.delete` is "delete for me" on the business's phone (a chat-sync action), not a deletion the
    // customer saw: it changes nothing here. Deletions for everyone arrive as REVOKE updates (eventsOfUpdate).
    ev.on('contacts.upsert', (contacts) => {
      if (live()) this.emitAll(eventsOfContacts(contacts));
    });
    ev.on('contacts.update', (contacts) => {
      if (live()) this.emitAll(eventsOfContacts(contacts));
    });
    ev.on('lid-mapping.update', (mapping) => {
      if (live()) this.emitAll(eventsOfLidMapping(mapping));
    });
    ev.on('groups.update', (updates) => {
      for (const u of updates) this.groups.invalidate(u.id ?? undefined);
    });
    ev.on('group-participants.update', ({ id }) => this.groups.invalidate(id));
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
      this.emit({
        type: 'lifecycle.open',
        number: jidDecode(me?.id)?.user,
        lid: me?.lid ? `${jidDecode(me.lid)?.user}@lid` : undefined,
      });
    }
    if (update.connection === 'close') await this.onClose(update, options);
  }

  private async onClose(update: Partial<ConnectionState>, options: AdapterStartOptions): Promise<void> {
    this.generation++;
    this.connected = false;
    const error = update.lastDisconnect?.error as (Error & { output?: { statusCode?: number } }) | undefined;
    const code = error?.output?.statusCode;
    const kind = closeKindOf(code, error?.message);
    // `requestPairingCode` saved `me` before the phone accepted anything; resuming with it would be
    // refused as a logout (401). Any close before the pairing finished starts over from scratch.
    if (kind !== 'restartRequired' && options.auth.hasUnfinishedPairing) {
      await options.auth
        .clear()
        .catch((err) => this.deps.log.error({ err, connectionId: options.connectionId }, 'unfinished pairing not wiped'));
    }
    const final = kind === 'final' || (kind === 'versionRefused' && !(await this.versions.refusedWith(this.socketVersion)));
    const detail = code !== undefined ? FINAL_REASON_TEXT[code] : undefined;
    this.emit({
      type: 'lifecycle.closed',
      reason: detail ?? (error?.message ? `${error.message}${code ? ` (${code})` : ''}` : `closed (${code ?? 'no code'})`),
      loggedOut: kind === 'loggedOut',
      restartRequired: kind === 'restartRequired',
      qrTimeout: kind === 'qrTimeout',
      final,
    });
  }

  /** Closes without a retry (the manager sees `final`). */
  private closeForGood(socket: BaileysSocketLike, reason: string): void {
    this.generation++;
    this.connected = false;
    socket.end(undefined);
    this.emit({ type: 'lifecycle.closed', reason, loggedOut: false, restartRequired: false, qrTimeout: false, final: true });
  }

  private async onMessages(socket: BaileysSocketLike, messages: WAMessage[], options: AdapterStartOptions): Promise<void> {
    for (const message of messages) {
      const { key } = message;
      if (!message.message || !key.id || isIgnoredJid(key.remoteJid)) continue;
      // Our own sends come back as upserts; the send path already reported them with their clientMessageId.
      if (key.fromMe && this.ownSends.has(key.id)) continue;
      this.chats.remember(key.id, {
        remoteJid: key.remoteJid!,
        ...(key.participant ? { participant: key.participant } : {}),
      });
      const translated = channelMessageOf(await this.withPhoneNumber(socket, message));
      if (!translated) continue;
      this.emit(
        key.fromMe ? { type: 'message.sent', message: translated } : { type: 'message.received', message: translated },
      );
      const part = mediaOf(message.message);
      if (part) {
        this.intake.accept({
          message,
          part,
          companyId: options.companyId,
          connectionId: options.connectionId,
          media: options.media,
          reupload: (m) => socket.updateMediaMessage(m),
          emit: (event) => this.emit(event),
        });
      }
    }
  }

  /** A chat addressed by LID without the phone number beside it (it happens: upstream PRs 2124, 2744): ask Baileys' mapping store. */
  private async withPhoneNumber(socket: BaileysSocketLike, message: WAMessage): Promise<WAMessage> {
    const key = message.key;
    if (!key.remoteJid?.endsWith('@lid') || key.remoteJidAlt) return message;
    const pn = await socket.signalRepository.lidMapping.getPNForLID(key.remoteJid).catch(() => null);
    return pn ? { ...message, key: { ...key, remoteJidAlt: pn } } : message;
  }

  /** Cached, or fetched once through the current socket and cached (Baileys README, "Caching Group Metadata"). */
  private async groupMetadata(jid: string): Promise<GroupMetadata | undefined> {
    const cached = this.groups.get(jid);
    if (cached || !this.socket) return cached;
    const fetched = await this.socket.groupMetadata(jid).catch(() => undefined);
    if (fetched) this.groups.set(fetched);
    return fetched;
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

  /** A new QR for a device that is still linked: unlink it first, or the phone keeps a dead "linked device". */
  override async requestNewQr(): Promise<void> {
    const socket = this.socket;
    if (socket && this.connected && this.started.auth.isRegistered) {
      this.generation++;
      this.connected = false;
      await withTimeout(socket.logout(), LOGOUT_WAIT_MS, 'logout').catch((err) =>
        this.deps.log.warn({ err }, 'old device not unlinked'),
      );
    }
    await super.requestNewQr();
  }

  async send(command: SendCommand, messageId: string): Promise<ChannelMessage> {
    const socket = this.connectedSocket(command.connectionId);
    const to = await this.resolveRecipient(socket, command.to);
    const { media, bytes } = await this.outboundMedia(command);
    const quotedChat = command.quoted ? this.chats.get(command.quoted.externalId) : undefined;
    const args = sendArguments({ ...command, to, media }, messageId, bytes, quotedChat);
    this.rememberOwn(messageId);
    let sent: WAMessage | undefined;
    try {
      sent = await socket.sendMessage(args.jid, args.content, args.options);
    } catch (err) {
      if (!this.connected) throw new NotConnectedError(command.connectionId);
      throw err;
    }
    if (sent?.message) {
      await this.started.auth.sentMessages
        .put(messageId, sent.message)
        .catch((err) => this.deps.log.warn({ err, messageId }, 'sent content not kept for retries'));
    }
    const key = sent?.key ?? { remoteJid: args.jid, id: messageId, fromMe: true };
    return {
      externalId: key.id ?? messageId,
      fromMe: true,
      contact: contactFromJids(key.remoteJid ?? args.jid, (key as WAMessageKey).remoteJidAlt),
      isGroup: (key.remoteJid ?? args.jid).endsWith('@g.us'),
      body: command.text ?? '',
      ...(media ? { media } : {}),
      ...(command.quoted ? { quotedExternalId: command.quoted.externalId } : {}),
      timestamp: new Date().toISOString(),
      clientMessageId: command.clientMessageId,
    };
  }

  /** A typed number is checked with WhatsApp once (it answers the JID, e.g. with or without Brazil's ninth digit). */
  private async resolveRecipient(socket: BaileysSocketLike, to: string): Promise<string> {
    if (to.includes('@')) return to;
    const jid = await this.numbers.resolve(socket, recipientJid(to));
    if (!jid) throw new SendRefusedError('not-on-whatsapp', 'ERR_WAPP_INVALID_CONTACT', `${to} is not on WhatsApp`);
    return jid;
  }

  private async outboundMedia(command: SendCommand): Promise<{ media?: SendCommand['media']; bytes?: Buffer }> {
    if (!command.media) return {};
    const stored = (await this.started.media.get(command.media.key)).body;
    if (!command.media.voiceNote || isOggOpus(command.media.mimetype)) return { media: command.media, bytes: stored };
    try {
      const bytes = await (this.deps.transcodeVoiceNote ?? ffmpegTranscoder())(stored, command.media.mimetype);
      return { media: { ...command.media, mimetype: OGG_OPUS }, bytes };
    } catch (err) {
      if (err instanceof UnsupportedFormatError)
        throw new SendRefusedError('unsupported-format', 'ERR_SENDING_WAPP_MSG', err.message);
      throw err;
    }
  }

  async deleteMessage(command: DeleteCommand): Promise<void> {
    const socket = this.connectedSocket(command.connectionId);
    const chat = this.chats.get(command.externalId);
    const jid = chat?.remoteJid ?? recipientJid(command.to);
    await socket.sendMessage(jid, {
      delete: {
        remoteJid: jid,
        fromMe: command.fromMe,
        id: command.externalId,
        ...(chat?.participant ? { participant: chat.participant } : {}),
      },
    });
  }

  /** Receipts go to the chat each message came on, with the sender for group messages. */
  async markRead(command: ReadCommand): Promise<void> {
    const socket = this.connectedSocket(command.connectionId);
    const fallback = recipientJid(command.to);
    await socket.readMessages(
      command.externalIds.map((id) => {
        const chat = this.chats.get(id);
        return {
          remoteJid: chat?.remoteJid ?? fallback,
          id,
          fromMe: false,
          ...(chat?.participant ? { participant: chat.participant } : {}),
        };
      }),
    );
  }

  private connectedSocket(connectionId: string): BaileysSocketLike {
    if (!this.connected || !this.socket) throw new NotConnectedError(connectionId);
    return this.socket;
  }

  private rememberOwn(id: string): void {
    this.ownSends.delete(id);
    this.ownSends.add(id);
    if (this.ownSends.size > OWN_SENDS_KEPT) this.ownSends.delete(this.ownSends.values().next().value as string);
  }
}
