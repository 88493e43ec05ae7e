/**
 * A stand-in for WhatsApp's servers and phones, seen through fake Baileys sockets. It emits the
 * events Baileys 7 emits, in the shapes Baileys emits them, so the Baileys adapter can be tested
 * offline. What it cannot show: that real WhatsApp sends these frames (that needs a phone).
 */
import { EventEmitter } from 'node:events';
import type {
  AnyMessageContent,
  BaileysEventEmitter,
  BaileysEventMap,
  Contact,
  GroupMetadata,
  MiscMessageGenerationOptions,
  WAMessage,
  WAMessageKey,
} from '@whiskeysockets/baileys';
import type { BaileysSocketLike, SocketFactory, SocketParams } from '../../src/adapters/baileys/baileys-adapter';

const closeError = (statusCode: number, message: string) => Object.assign(new Error(message), { output: { statusCode } });

export interface SentRecord {
  jid: string;
  content: AnyMessageContent;
  options?: MiscMessageGenerationOptions;
}

export class FakeWhatsApp {
  readonly sockets: FakeSocket[] = [];
  readonly sent: SentRecord[] = [];
  readonly reads: WAMessageKey[] = [];
  /** Calls the business refused (`rejectCall`). */
  readonly rejectedCalls: { callId: string; from: string }[] = [];
  networkDropped = false;
  /** Every connect is answered with 515 (restart required): a restart loop. */
  restartLoop = false;
  /** Numbers WhatsApp says have no account. */
  readonly notOnWhatsApp = new Set<string>();
  /** Typed JID → the JID WhatsApp answers (Brazil's ninth digit). */
  readonly numberAliases = new Map<string, string>();
  readonly onWhatsAppQueries: string[] = [];
  /** LID → phone-number JID known to Baileys' mapping store. */
  readonly lidMappings = new Map<string, string>();
  readonly groupMetadataFetches: string[] = [];
  private revoked = false;
  private qrCount = 0;

  readonly factory: SocketFactory = (params) => {
    const socket = new FakeSocket(this, params);
    this.sockets.push(socket);
    setTimeout(() => socket.boot(), 5);
    return socket;
  };

  get current(): FakeSocket {
    const socket = this.sockets.at(-1);
    if (!socket) throw new Error('no socket yet');
    return socket;
  }

  nextQr(): string {
    this.qrCount += 1;
    return `2@FAKE${this.qrCount},noise,identity,adv`;
  }

  /** Whether a booting socket with credentials is refused as logged out. */
  consumeRevocation(): boolean {
    const revoked = this.revoked;
    this.revoked = false;
    return revoked;
  }

  /** The phone scans the QR: Baileys saves `me`, reports a new login, then the stream restarts (515). */
  scan(number = '5511900001111'): void {
    const socket = this.current;
    const creds = socket.params.auth.creds;
    creds.me = { id: `${number}:7@s.whatsapp.net`, lid: '99887766554433:7@lid', name: 'Loja' };
    // What Baileys' configureSuccessfulPairing writes: `account` marks a finished pairing.
    creds.account = {
      details: Buffer.from('d'),
      accountSignatureKey: Buffer.from('k'),
      accountSignature: Buffer.from('s'),
      deviceSignature: Buffer.from('ds'),
    };
    socket.ev.emit('creds.update', { me: creds.me, account: creds.account });
    socket.ev.emit('connection.update', { isNewLogin: true });
    socket.close(515, 'Stream Errored (restart required)');
  }

  drop(): void {
    this.networkDropped = true;
    this.current.close(408, 'Connection was lost');
  }

  restore(): void {
    this.networkDropped = false;
  }

  logoutFromPhone(): void {
    const socket = this.current;
    if (socket.isOpen) socket.close(401, 'Connection Failure');
    else this.revoked = true;
  }

  emit<T extends keyof BaileysEventMap>(event: T, payload: BaileysEventMap[T]): void {
    this.current.ev.emit(event, payload);
  }

  /** WhatsApp answers the pairing request with an error iq (e.g. 400 for a platform it does not accept). */
  refusePairing(code = '400', text = 'bad-request'): void {
    this.current.ws.emit('CB:iq,type:error', {
      tag: 'iq',
      attrs: { type: 'error', id: '123.45-6', from: 's.whatsapp.net' },
      content: [{ tag: 'error', attrs: { code, text } }],
    });
  }
}

class FakeEvents extends EventEmitter implements BaileysEventEmitter {
  override on<T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void): this {
    return super.on(event, listener);
  }
  override off<T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void): this {
    return super.off(event, listener);
  }
  override emit<T extends keyof BaileysEventMap>(event: T, arg: BaileysEventMap[T]): boolean {
    return super.emit(event, arg);
  }
  override removeAllListeners<T extends keyof BaileysEventMap>(event: T): this {
    return super.removeAllListeners(event);
  }
}

export class FakeSocket implements BaileysSocketLike {
  readonly ev = new FakeEvents();
  /** Raw frames by Baileys' callback names (`CB:<tag>,<attr>:<value>`). */
  readonly ws = new EventEmitter();
  user: Contact | undefined;
  isOpen = false;
  private closed = false;

  constructor(
    private readonly world: FakeWhatsApp,
    readonly params: SocketParams,
  ) {}

  boot(): void {
    if (this.closed) return;
    this.ev.emit('connection.update', { connection: 'connecting', receivedPendingNotifications: false, qr: undefined });
    if (this.world.networkDropped) return this.close(408, 'Connection was lost');
    if (this.world.restartLoop) return this.close(515, 'Stream Errored (restart required)');
    const me = this.params.auth.creds.me;
    if (!me) {
      this.ev.emit('connection.update', { qr: this.world.nextQr() });
      return;
    }
    if (this.world.consumeRevocation()) return this.close(401, 'Connection Failure');
    // Credentials with `me` but no finished pairing: WhatsApp refuses the login.
    if (!this.params.auth.creds.account) return this.close(401, 'Connection Failure');
    this.user = me;
    this.isOpen = true;
    this.ev.emit('connection.update', { connection: 'open' });
  }

  close(statusCode: number, message: string): void {
    if (this.closed) return;
    this.closed = true;
    this.isOpen = false;
    this.ev.emit('connection.update', {
      connection: 'close',
      lastDisconnect: { error: closeError(statusCode, message), date: new Date() },
    });
  }

  async sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined> {
    if (!this.isOpen) throw closeError(428, 'Connection Closed');
    // Like relayMessage: a group send needs the participants, from the cache or from WhatsApp.
    if (jid.endsWith('@g.us') && !(await this.params.cachedGroupMetadata(jid))) await this.groupMetadata(jid);
    this.world.sent.push({ jid, content, options });
    if ('delete' in content) return undefined;
    const message: WAMessage = {
      key: {
        remoteJid: jid,
        id: options?.messageId ?? `3EB0${Math.random().toString(16).slice(2, 20).toUpperCase()}`,
        fromMe: true,
      },
      message: 'text' in content ? { extendedTextMessage: { text: content.text } } : { conversation: '' },
      messageTimestamp: Math.floor(Date.now() / 1000),
      status: 1,
    };
    // Like Baileys with emitOwnEvents: our own message comes back as an upsert.
    process.nextTick(() => this.ev.emit('messages.upsert', { messages: [message], type: 'append' }));
    return message;
  }

  async readMessages(keys: WAMessageKey[]): Promise<void> {
    if (!this.isOpen) throw closeError(428, 'Connection Closed');
    this.world.reads.push(...keys);
  }

  async rejectCall(callId: string, from: string): Promise<void> {
    if (!this.isOpen) throw closeError(428, 'Connection Closed');
    this.world.rejectedCalls.push({ callId, from });
  }

  async logout(): Promise<void> {
    this.close(401, 'Intentional Logout');
  }

  end(): void {
    this.close(428, 'Connection Closed');
  }

  /** Like Baileys: `me` is written (and saved) before WhatsApp or the phone accepted anything. */
  async requestPairingCode(phoneNumber: string): Promise<string> {
    const creds = this.params.auth.creds;
    creds.pairingCode = 'ABCD1234';
    creds.me = { id: `${phoneNumber}@s.whatsapp.net`, name: '~' };
    this.ev.emit('creds.update', creds);
    return 'ABCD1234';
  }

  async onWhatsApp(...jids: string[]): Promise<{ jid: string; exists: boolean }[] | undefined> {
    this.world.onWhatsAppQueries.push(...jids);
    // Like rc14: a number without an account is left out of the answer (socket.js onWhatsApp filters on `contact`).
    return jids
      .filter((jid) => !this.world.notOnWhatsApp.has(jid))
      .map((jid) => ({ jid: this.world.numberAliases.get(jid) ?? jid, exists: true }));
  }

  async groupMetadata(jid: string): Promise<GroupMetadata> {
    this.world.groupMetadataFetches.push(jid);
    return { id: jid, subject: 'Grupo', participants: [] } as unknown as GroupMetadata;
  }

  readonly signalRepository = {
    lidMapping: { getPNForLID: async (lid: string) => this.world.lidMappings.get(lid) ?? null },
  };

  async updateMediaMessage(message: WAMessage): Promise<WAMessage> {
    return message;
  }
}
