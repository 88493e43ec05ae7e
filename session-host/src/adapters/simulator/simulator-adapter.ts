/**
 * The simulator adapter: a linked device of a simulated phone. It goes through the same steps as
 * the Baileys adapter — credentials from the DynamoDB auth state, QR or pairing code when there are
 * none, "restart required" right after pairing, resume without QR when there are — so the session
 * manager, the outbound consumer and the restart behaviour are exercised for real in local mode.
 */
import type { ChannelMessage, NumberCheckResult } from '@atende/shared';
import { jidDecode } from '@whiskeysockets/baileys';
import {
  AdapterBase,
  NotConnectedError,
  SendRefusedError,
  type AdapterStartOptions,
  type ChannelEventBody,
  type DeleteCommand,
  type NumbersCheckCommand,
  type ReadCommand,
  type RejectCallCommand,
  type SendCommand,
} from '../channel-adapter';
import type { SimDevice, SimulatedPhone } from './simulated-phone';
import { simulatedAccountExists } from './simulated-server-rules';
import type { SimulatorWorld } from './simulator-world';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The digits of a recipient given as a number or a phone-number JID; undefined for a group or a LID. */
const phoneNumberOf = (to: string): string | undefined =>
  !to.includes('@') ? to.replace(/\D/g, '') : to.endsWith('@s.whatsapp.net') ? to.split('@')[0]!.split(':')[0] : undefined;

export class SimulatorAdapter extends AdapterBase implements SimDevice {
  readonly kind = 'simulator' as const;
  private phone: SimulatedPhone | undefined;
  /** Bumped whenever the socket goes away, so late async steps of an older socket do nothing. */
  private generation = 0;
  private connected = false;
  private pairingCodeShown = false;

  constructor(private readonly world: SimulatorWorld) {
    super();
  }

  protected async open(options: AdapterStartOptions): Promise<void> {
    const generation = ++this.generation;
    this.connected = false;
    this.pairingCodeShown = false;
    this.emit({ type: 'lifecycle.connecting' });
    const phone = this.world.phone(options.companyId, options.connectionId);
    this.phone = phone;
    await phone.ensureLoaded();
    await pause(this.world.timing.networkLatencyMs);
    if (generation !== this.generation) return;

    if (options.auth.isRegistered) {
      const me = options.auth.creds.me!;
      const number = jidDecode(me.id)?.user ?? '';
      const answer = phone.attach(this, { number });
      if (answer === 'networkDown') return this.closed('connection lost: network unreachable');
      if (answer === 'loggedOut') return this.closed('logged out from the phone', { loggedOut: true });
      this.connected = true;
      this.emit({ type: 'lifecycle.open', number, lid: me.lid ? `${jidDecode(me.lid)?.user}@lid` : undefined });
      phone.flushOutbox();
      return;
    }
    if (phone.showQrTo(this) === 'networkDown') this.closed('connection lost: network unreachable');
  }

  // ------------------------------------------------------------------ SimDevice: what the simulated world tells the device

  /**
   * The receipt follows the durable enqueue, never the socket: WhatsApp keeps a message the device has
   * not receipted and offers it again on the next connection, so a host killed in between loses nothing.
   */
  deliver(event: ChannelEventBody): Promise<void> {
    if (!this.connected) return Promise.reject(new NotConnectedError(this.phone?.connectionId ?? 'unknown'));
    return this.emitDurably(event);
  }

  showQr(qr: string): void {
    if (!this.options?.usePairingCode) {
      this.emit({ type: 'lifecycle.qr', qr });
      return;
    }
    if (this.pairingCodeShown || !this.phone) return;
    this.pairingCodeShown = true;
    this.emit({ type: 'connection.pairingCode', code: this.phone.requestPairingCode(this) });
  }

  qrTimedOut(): void {
    this.closed('QR code not scanned in time', { qrTimeout: true });
  }

  async paired(me: { number: string; lid: string }): Promise<void> {
    const { auth } = this.started;
    const creds = auth.creds;
    creds.me = { id: `${me.number}:1@s.whatsapp.net`, lid: me.lid.replace('@lid', ':1@lid'), name: 'Simulated phone' };
    creds.registered = true;
    creds.platform = 'simulator';
    // What a finished pairing writes (Baileys' configureSuccessfulPairing); `isRegistered` looks for it.
    creds.account = {
      details: Buffer.from('simulated'),
      accountSignatureKey: Buffer.alloc(32),
      accountSignature: Buffer.alloc(64),
      deviceSignature: Buffer.alloc(64),
    };
    await auth.saveCreds();
    // A paired device holds Signal keys too; writing a few keeps the key path of the auth state in use.
    await auth.keys.set({ 'pre-key': { '1': creds.signedPreKey.keyPair, '2': creds.noiseKey } });
    this.emit({ type: 'lifecycle.paired', number: me.number });
    this.closed('restart required after pairing', { restartRequired: true });
  }

  networkLost(): void {
    this.closed('connection lost');
  }

  loggedOut(): void {
    this.closed('logged out from the phone', { loggedOut: true });
  }

  // ------------------------------------------------------------------ ChannelAdapter

  async stop(): Promise<void> {
    this.generation++;
    this.connected = false;
    this.phone?.detach(this);
    await this.options?.auth.flush();
  }

  async logout(): Promise<void> {
    this.generation++;
    this.connected = false;
    this.phone?.unlink(this);
    await this.started.auth.clear();
  }

  async send(command: SendCommand, messageId: string): Promise<ChannelMessage> {
    const phone = this.connectedPhone(command.connectionId);
    // As the Baileys adapter refuses after its number check: a phone number without an account.
    const number = phoneNumberOf(command.to);
    if (number !== undefined && !this.hasAccount(phone, number))
      throw new SendRefusedError('not-on-whatsapp', 'ERR_WAPP_INVALID_CONTACT', `${command.to} is not on WhatsApp`);
    const media = command.media
      ? {
          kind: command.media.kind,
          mimetype: command.media.mimetype,
          fileName: command.media.fileName ?? null,
          voiceNote: Boolean(command.media.voiceNote),
          key: command.media.key,
        }
      : undefined;
    const { message } = phone.businessSends({
      id: messageId,
      to: command.to,
      text: command.text ?? '',
      media,
      quotedId: command.quoted?.externalId,
    });
    await phone.saved();
    return { ...message, clientMessageId: command.clientMessageId };
  }

  async deleteMessage(command: DeleteCommand): Promise<void> {
    this.connectedPhone(command.connectionId).businessDeletes(command.externalId);
  }

  async markRead(command: ReadCommand): Promise<void> {
    this.connectedPhone(command.connectionId).businessReads(command.externalIds);
  }

  /** The simulated phone places no calls: refusing one only needs the connection up. */
  async rejectCall(command: RejectCallCommand): Promise<void> {
    this.connectedPhone(command.connectionId);
  }

  /** Answers as one WhatsApp query for the batch would, from `hasAccount`. */
  async checkNumbers(command: NumbersCheckCommand): Promise<NumberCheckResult[]> {
    const phone = this.connectedPhone(command.connectionId);
    await pause(this.world.timing.networkLatencyMs);
    return command.numbers.map((number) =>
      this.hasAccount(phone, number) ? { number, exists: true, jid: `${number}@s.whatsapp.net` } : { number, exists: false },
    );
  }

  /** The simulated server's rule (`simulatedAccountExists`); a customer of this phone has an account whatever its number. */
  private hasAccount(phone: SimulatedPhone, number: string): boolean {
    if (simulatedAccountExists(number)) return true;
    try {
      phone.conversation(number);
      return true;
    } catch {
      return false;
    }
  }

  private connectedPhone(connectionId: string): SimulatedPhone {
    if (!this.connected || !this.phone) throw new NotConnectedError(connectionId);
    return this.phone;
  }

  private closed(reason: string, flags: { loggedOut?: boolean; restartRequired?: boolean; qrTimeout?: boolean } = {}): void {
    this.generation++;
    this.connected = false;
    this.phone?.detach(this);
    this.emit({
      type: 'lifecycle.closed',
      reason,
      loggedOut: flags.loggedOut ?? false,
      restartRequired: flags.restartRequired ?? false,
      qrTimeout: flags.qrTimeout ?? false,
    });
  }
}
