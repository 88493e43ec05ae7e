/**
 * The real adapter, on `@whiskeysockets/baileys` 7. One socket per `start()`; the session manager
 * reconnects. The socket is created through a factory so tests can hand in a fake socket (there is
 * no WhatsApp to talk to offline): everything from Baileys events to channel events, and from
 * commands to `sendMessage` arguments, runs for real in the tests. What lives longer than a socket
 * (retry counters, group metadata, the chat each message came on, sent content) is kept here or in
 * DynamoDB, never inside the socket.
 */
import { NodeCache } from '@cacheable/node-cache';
import type { ChannelMessage, NumberCheckResult } from '@atende/shared';
import {
  jidDecode,
  type CacheStore,
  type ConnectionState,
  type WAMessage,
  type WAMessageKey,
  type WAVersion,
} from '@whiskeysockets/baileys';
import { CredentialsSupersededError } from '../../auth-state/dynamodb-auth-state';
import type { Logger } from '../../logger';
import type { DownloadSlots } from '../../media/download-slots';
import type { VoiceNoteTranscoder } from '../../media/voice-notes';
import {
  AdapterBase,
  NotConnectedError,
  type AdapterStartOptions,
  type ChannelEventBody,
  type DeleteCommand,
  type NumbersCheckCommand,
  type ReadCommand,
  type RejectCallCommand,
  type SendCommand,
} from '../channel-adapter';
import { eventsOfCalls } from './call-events';
import { ChatIndex } from './chat-index';
import { closeKindOf, FINAL_REASON_TEXT } from './close-reasons';
import { contactFromJids, recipientJid } from './contact-identity';
import { GroupMetadataCache } from './group-metadata-cache';
import { OwnSends, translateInbound } from './inbound-messages';
import { DEFAULT_MEDIA_LIMITS, MediaIntake, withTimeout, type MediaDownloader, type MediaLimits } from './inbound-media';
import {
  eventsOfContacts,
  eventsOfLidMapping,
  eventsOfReaction,
  eventsOfReceipt,
  eventsOfUpdate,
} from './message-translation';
import { checkNumbersOnWhatsapp } from './number-checks';
import { NumberResolver } from './number-resolver';
import { sendArguments } from './outbound-content';
import { outboundMedia } from './outbound-media';
import { requestPairingCode } from './pairing-code';
import { createBaileysSocket, type BaileysSocketLike, type SocketFactory } from './socket-config';
import { WaVersionSource } from './wa-version';

export type { BaileysSocketLike, SocketFactory, SocketParams } from './socket-config';
export type { MediaDownloader } from './inbound-media';

const LOGOUT_WAIT_MS = 5_000;
/**
 * Longest a send may take (media: the upload to WhatsApp's CDN included). A send that never settles
 * would hold its connection's outbound group for good; past this it fails (or waits for the
 * reconnect, when the socket dropped meanwhile).
 */
export const DEFAULT_SEND_TIMEOUTS = { textMs: 60_000, mediaMs: 5 * 60_000 };

export interface BaileysAdapterDeps {
  log: Logger;
  createSocket?: SocketFactory;
  downloadMedia?: MediaDownloader;
  mediaLimits?: Partial<MediaLimits>;
  /** The host's cap on downloads at once, shared by all its connections (media/download-slots.ts). */
  hostDownloads?: DownloadSlots;
  sendTimeouts?: Partial<typeof DEFAULT_SEND_TIMEOUTS>;
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
  private readonly ownSends = new OwnSends();
  private readonly leaseWatched = new WeakSet<object>();
  private readonly chats: ChatIndex;
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
      hostSlots: deps.hostDownloads,
    });
    this.versions = deps.versions ?? new WaVersionSource();
    this.chats = new ChatIndex(deps.log);
  }

  protected async open(options: AdapterStartOptions): Promise<void> {
    const generation = ++this.generation;
    const live = () => generation === this.generation;
    this.connected = false;
    this.pairingRequested = false;
    // A pairing left unfinished by a stop, a deploy or a restart (stop() skips the close handler that
    // wipes it): resuming with its `me` would be refused as a logout. Start over instead.
    if (options.auth.hasUnfinishedPairing) await options.auth.clear();
    if (!live()) return;
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
      cachedGroupMetadata: (jid) => this.groups.through(this.socket, jid),
      msgRetryCounterCache: this.retryCounters,
    });
    this.socket = socket;
    this.watchLease(auth);
    this.chats.persistTo(auth.chatKeys);
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
        .then(() =>
          translateInbound(
            { socket, options, chats: this.chats, ownSends: this.ownSends, intake: this.intake, emit: (e) => this.emit(e) },
            messages,
          ),
        )
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
    // The history sync (only its bootstrap and push-name parts: socket-config.ts) names the phone's chats and
    // their people; with `contacts.upsert` it is the connection's address book ("import from the phone").
    ev.on('messaging-history.set', ({ contacts }) => {
      if (live() && contacts.length) this.emitAll(eventsOfContacts(contacts));
    });
    ev.on('lid-mapping.update', (mapping) => {
      if (live()) this.emitAll(eventsOfLidMapping(mapping));
    });
    ev.on('groups.update', (updates) => {
      for (const u of updates) this.groups.invalidate(u.id ?? undefined);
    });
    ev.on('group-participants.update', ({ id }) => this.groups.invalidate(id));
    // A call ringing now (the business side decides whether to refuse it), or one nobody answered (call-events.ts).
    ev.on('call', (calls) => {
      if (live()) this.emitAll(eventsOfCalls(calls));
    });
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
        // Only while this socket is the live one: a request that failed because the socket closed meanwhile
        // is the close's business (onClose), not a refusal.
        const generation = this.generation;
        const refused = (reason: string) => {
          if (generation === this.generation) this.closeForGood(socket, reason);
        };
        const code = await requestPairingCode(
          socket,
          options.phoneNumber.replace(/\D/g, ''),
          () => !options.auth.isRegistered,
          refused,
        ).catch((err: Error) => refused(`pairing code not requested: ${err.message}`));
        if (code) this.emit({ type: 'connection.pairingCode', code });
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

  /** A key write that finds the lease taken (dynamodb-auth-state.ts) stops the socket, as a refused credential save does. */
  private watchLease(auth: AdapterStartOptions['auth']): void {
    if (this.leaseWatched.has(auth)) return;
    this.leaseWatched.add(auth);
    auth.onSuperseded(() => {
      if (this.socket && this.options?.auth === auth)
        this.closeForGood(this.socket, 'another session host took over this connection');
    });
  }

  /** Closes without a retry (the manager sees `final`). */
  private closeForGood(socket: BaileysSocketLike, reason: string): void {
    this.generation++;
    this.connected = false;
    socket.end(undefined);
    this.emit({ type: 'lifecycle.closed', reason, loggedOut: false, restartRequired: false, qrTimeout: false, final: true });
  }

  private emitAll(events: ChannelEventBody[]): void {
    for (const event of events) this.emit(event);
  }

  async stop(): Promise<void> {
    this.generation++;
    this.connected = false;
    this.intake.abandonPending();
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
    const to = await this.numbers.recipient(socket, command.to, this.deps.log);
    const { media, bytes } = await outboundMedia(command, this.started.media, this.deps.transcodeVoiceNote);
    const quotedChat = command.quoted ? await this.chats.get(command.quoted.externalId) : undefined;
    const args = sendArguments({ ...command, to, media }, messageId, bytes, quotedChat);
    this.ownSends.remember(messageId);
    let sent: WAMessage | undefined;
    try {
      sent = await withTimeout(socket.sendMessage(args.jid, args.content, args.options), this.sendTimeout(bytes), 'send');
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

  async deleteMessage(command: DeleteCommand): Promise<void> {
    const socket = this.connectedSocket(command.connectionId);
    const chat = await this.chats.get(command.externalId);
    const jid = chat?.remoteJid ?? recipientJid(command.to);
    await withTimeout(
      socket.sendMessage(jid, {
        delete: {
          remoteJid: jid,
          fromMe: command.fromMe,
          id: command.externalId,
          ...(chat?.participant ? { participant: chat.participant } : {}),
        },
      }),
      this.sendTimeout(undefined),
      'delete',
    );
  }

  /** Receipts go to the chat each message came on, with the sender for group messages. */
  async rejectCall(command: RejectCallCommand): Promise<void> {
    const socket = this.connectedSocket(command.connectionId);
    await socket.rejectCall?.(command.callId, command.from);
  }

  async markRead(command: ReadCommand): Promise<void> {
    const socket = this.connectedSocket(command.connectionId);
    const fallback = recipientJid(command.to);
    const chats = await this.chats.getMany(command.externalIds);
    const keys = command.externalIds.map((id) => {
      const chat = chats.get(id);
      return {
        remoteJid: chat?.remoteJid ?? fallback,
        id,
        fromMe: false,
        ...(chat?.participant ? { participant: chat.participant } : {}),
      };
    });
    await withTimeout(socket.readMessages(keys), this.sendTimeout(undefined), 'read receipts');
  }

  /** One `onWhatsApp` query for the batch (number-checks.ts). */
  async checkNumbers(command: NumbersCheckCommand): Promise<NumberCheckResult[]> {
    const socket = this.connectedSocket(command.connectionId);
    try {
      return await withTimeout(checkNumbersOnWhatsapp(socket, command.numbers), this.sendTimeout(undefined), 'number check');
    } catch (err) {
      if (!this.connected) throw new NotConnectedError(command.connectionId);
      throw err;
    }
  }

  private sendTimeout(bytes: Buffer | undefined): number {
    const timeouts = { ...DEFAULT_SEND_TIMEOUTS, ...this.deps.sendTimeouts };
    return bytes ? timeouts.mediaMs : timeouts.textMs;
  }

  private connectedSocket(connectionId: string): BaileysSocketLike {
    if (!this.connected || !this.socket) throw new NotConnectedError(connectionId);
    return this.socket;
  }
}
