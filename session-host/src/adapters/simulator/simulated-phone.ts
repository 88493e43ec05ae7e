/**
 * One simulated connection's outside world: the business phone (QR scan, network, "log out from the
 * phone", typing on the phone itself), the WhatsApp server (holds what cannot be delivered while the
 * linked device is offline, delivers it in order when it comes back, and keeps a customer message
 * until the device receipts it: simulated-server-delivery.ts) and the customers' phones
 * (contacts that send text and media, and that deliver and read the business's replies; their chats as
 * stored: simulated-chats.ts).
 *
 * The linked device is the simulator adapter (`SimDevice`); it only ever sees channel events, like
 * a Baileys socket only sees WhatsApp frames.
 */
import type { ChannelMessage } from '@atende/shared';
import type { ChannelEventBody } from '../channel-adapter';
import type { MediaStore } from '../../media/media-store';
import type { Logger } from '../../logger';
import {
  channelContact,
  fakeBusinessNumber,
  fakeLid,
  newMessageId,
  NUMBER_PATTERN,
  toChannelMessage,
} from './simulated-identities';
import { restrictedRefusal, storeCustomerMedia, tooLargeEvents, withoutFile } from './simulated-server-rules';
import { SimulatedPairing } from './simulated-pairing';
import { SimulatedServerDelivery, type Offer } from './simulated-server-delivery';
import { SimulatedChats, type Conversation } from './simulated-chats';
import type { SimulatorPersistence } from './simulator-persistence';
import {
  SimulatorError,
  type BusinessMessageInput,
  type CustomerMessageInput,
  type SimAck,
  type SimContact,
  type SimDevice,
  type SimMedia,
  type SimMessage,
  type SimulatorTiming,
} from './simulator-types';

export { SimulatorError } from './simulator-types';
export type { BusinessMessageInput, CustomerMessageInput, SimDevice } from './simulator-types';

interface PhoneDeps {
  media: MediaStore;
  maxInboundMediaBytes: number;
  persistence?: SimulatorPersistence;
  timing: SimulatorTiming;
  log: Logger;
}

export class SimulatedPhone {
  number: string | null = null;
  networkDropped = false;
  /** WhatsApp restricted the account: every business send is refused with 463. */
  restricted = false;
  private device: SimDevice | null = null;
  private readonly pairing: SimulatedPairing;
  /** The phone unlinked the device while it was offline: its next resume is refused. */
  private deviceRevoked = false;
  private readonly chats: SimulatedChats;
  private readonly delivery = new SimulatedServerDelivery(() => this.device);
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    readonly companyId: string,
    readonly connectionId: string,
    private readonly deps: PhoneDeps,
  ) {
    this.pairing = new SimulatedPairing(connectionId, deps.timing);
    this.chats = new SimulatedChats({ companyId, connectionId }, deps.persistence, deps.log);
  }

  // ------------------------------------------------------------------ the linked device's side

  ensureLoaded(): Promise<void> {
    return this.chats.ensureLoaded();
  }

  get isOpen(): boolean {
    return this.device !== null;
  }

  get awaitingScan(): boolean {
    return this.pairing.awaitingScan;
  }

  get qr(): string | null {
    return this.pairing.qr;
  }

  /** The pairing code the linked device asked for (shown in the console), while it waits to be typed here. */
  get pairingCode(): string | null {
    return this.pairing.code;
  }

  /** A device with credentials connects. Returns what the WhatsApp server answers. */
  attach(device: SimDevice, me: { number: string }): 'open' | 'networkDown' | 'loggedOut' {
    if (this.networkDropped) return 'networkDown';
    if (this.deviceRevoked) {
      this.deviceRevoked = false;
      return 'loggedOut';
    }
    this.pairing.cancel();
    this.number = me.number;
    this.device = device;
    return 'open';
  }

  /**
   * Called by the device right after it reported itself open: deliver what waited on the server —
   * customer messages never receipted first (a host that died before enqueueing them; after a host
   * restart they come from storage), then the outbox.
   */
  flushOutbox(): void {
    if (!this.device) return;
    const unreceipted = this.delivery.unreceipted(this.chats.all());
    if (unreceipted.length)
      this.deps.log.info(
        { connectionId: this.connectionId, messages: unreceipted.length },
        'simulator: unreceipted messages offered again',
      );
    this.delivery.flush(unreceipted.map(({ conversation, message }) => this.customerMessageOffer(conversation, message)));
  }

  /** A device without credentials connects: show it QR codes until someone scans or it times out. */
  showQrTo(device: SimDevice): 'ok' | 'networkDown' {
    if (this.networkDropped) return 'networkDown';
    this.pairing.start(device);
    return 'ok';
  }

  detach(device: SimDevice): void {
    if (this.device === device) this.device = null;
    if (this.pairing.device === device) this.pairing.cancel();
  }

  /** The device logged out itself (the platform's "disconnect"). */
  unlink(device: SimDevice): void {
    this.detach(device);
    this.number = null;
  }

  businessSends(input: BusinessMessageInput): { message: ChannelMessage; duplicate: boolean } {
    const conversation = this.conversationForJid(input.to);
    const existing = conversation.messages.find((m) => m.id === input.id);
    if (existing) return { message: toChannelMessage(conversation.contact, existing), duplicate: true };
    const message: SimMessage = {
      id: input.id,
      from: 'business',
      text: input.text,
      media: input.media ?? null,
      quotedId: input.quotedId ?? null,
      ack: 0,
      edited: false,
      deleted: false,
      timestamp: new Date().toISOString(),
    };
    this.chats.append(conversation, message);
    if (this.restricted) {
      // WhatsApp takes the message, then answers with an error ack (Baileys: status ERROR, code 463).
      message.failure = 'account-restricted';
      this.chats.save(conversation, message);
      this.later(this.deps.timing.networkLatencyMs, () => this.toDevice(restrictedRefusal(message.id)));
      return { message: toChannelMessage(conversation.contact, message), duplicate: false };
    }
    this.recipientAcks(conversation, message);
    return { message: toChannelMessage(conversation.contact, message), duplicate: false };
  }

  /**
   * Resolves once what the phone holds is stored: a send is accepted only when the simulated WhatsApp
   * server has kept it, as the real server has when Baileys' send resolves. Write-behind alone lost
   * the messages sent in the last 100 ms before a SIGKILL of the host, whose command markers were
   * already written (the campaign journey found two).
   */
  async saved(): Promise<void> {
    await this.deps.persistence?.flush();
  }

  businessDeletes(externalId: string): void {
    for (const conversation of this.chats.all()) {
      const message = conversation.messages.find((m) => m.id === externalId);
      if (!message) continue;
      this.chats.markDeleted(conversation, message);
      this.toDevice({ type: 'message.deleted', externalId });
    }
  }

  /** The business read the customer's messages: blue ticks on the customer's phone. */
  businessReads(externalIds: string[]): void {
    const ids = new Set(externalIds);
    for (const conversation of this.chats.all()) {
      for (const message of conversation.messages) {
        if (message.from === 'customer' && ids.has(message.id) && message.ack < 3) {
          message.ack = 3;
          this.chats.save(conversation, message);
        }
      }
    }
  }

  // ------------------------------------------------------------------ the person's side (control API)

  async scan(number?: string): Promise<void> {
    if (!this.pairing.awaitingScan) throw new SimulatorError('CONFLICT', 'this connection is not showing a QR code');
    if (number !== undefined && !NUMBER_PATTERN.test(number))
      throw new SimulatorError('BAD_REQUEST', 'number must be 10 to 15 digits');
    const device = this.pairing.take();
    const me = { number: number ?? fakeBusinessNumber(this.connectionId), lid: '' };
    me.lid = fakeLid(me.number);
    this.number = me.number;
    this.syncAddressBook();
    await device.paired(me);
  }

  /** The linked device asked to pair by code (Baileys' requestPairingCode): the code to show in the console. */
  requestPairingCode(device: SimDevice): string {
    return this.pairing.codeFor(device);
  }

  /** The person types the code the console shows ("Link with phone number" on the phone). */
  async enterPairingCode(code: string, number?: string): Promise<void> {
    this.pairing.checkCode(code);
    await this.scan(number);
  }

  setRestricted(restricted: boolean): void {
    this.restricted = restricted;
  }

  drop(): void {
    this.networkDropped = true;
    const device = this.device ?? this.pairing.device;
    this.device = null;
    this.pairing.cancel();
    device?.networkLost();
  }

  restore(): void {
    this.networkDropped = false;
  }

  logoutFromPhone(): void {
    this.number = null;
    const device = this.device;
    this.device = null;
    if (device) device.loggedOut();
    else this.deviceRevoked = true;
  }

  /**
   * A newly linked device receives the phone's address book, as Baileys' first app-state sync brings the
   * saved contacts (`contacts.upsert` with their names): queued for the device's first open.
   */
  private syncAddressBook(): void {
    for (const { contact } of this.chats.all())
      this.toDevice({ type: 'contact.updated', contact: { ...channelContact(contact), name: contact.name } });
  }

  listContacts(): SimContact[] {
    return this.chats.contacts();
  }

  upsertContact(input: { name: string; number: string; lidOnly?: boolean }): { contact: SimContact; created: boolean } {
    const upserted = this.chats.upsertContact(input);
    const { contact } = upserted;
    this.toDevice({ type: 'contact.updated', contact: { ...channelContact(contact), name: contact.name } });
    return upserted;
  }

  conversation(number: string): Conversation {
    return this.chats.conversation(number);
  }

  async customerSends(number: string, input: CustomerMessageInput): Promise<SimMessage> {
    const conversation = this.conversation(number);
    const text = input.text ?? '';
    if (!text && !input.media) throw new SimulatorError('BAD_REQUEST', 'text or media is required');
    const media = input.media ? await this.storeMedia(input.media) : null;
    const tooLarge = input.media?.sizeBytes !== undefined && input.media.sizeBytes > this.deps.maxInboundMediaBytes;
    const message: SimMessage = {
      id: newMessageId(),
      from: 'customer',
      text,
      media,
      quotedId: input.quotedId ?? null,
      ack: 1,
      edited: false,
      deleted: false,
      timestamp: new Date().toISOString(),
      ...(tooLarge ? { failure: 'too-large' as const } : {}),
    };
    this.chats.append(conversation, message);
    // The server stores the message before it offers it to anyone (one tick on the customer's phone): a
    // host killed at any point after still gets it on its next connection, and a customer who looks at
    // the phone after a failed send sees it there — never a message the platform has and the phone not.
    await this.saved();
    this.delivery.send(this.customerMessageOffer(conversation, message));
    if (tooLarge) {
      const received = toChannelMessage(conversation.contact, message);
      this.toDevice(tooLargeEvents(received, input.media!.sizeBytes!, this.deps.maxInboundMediaBytes)[1]);
    }
    return message;
  }

  /** A customer message as the server offers it; the device's receipt shows two ticks on the customer's phone. */
  private customerMessageOffer(conversation: Conversation, message: SimMessage): Offer {
    const received = toChannelMessage(conversation.contact, message);
    return {
      event: { type: 'message.received', message: message.failure === 'too-large' ? withoutFile(received) : received },
      receipt: { messageId: message.id, receipted: () => this.setAck(conversation, message, 2, false) },
    };
  }

  customerEdits(number: string, messageId: string, text: string): SimMessage {
    const conversation = this.conversation(number);
    const message = this.chats.ownMessage(conversation, messageId, 'customer');
    if (message.media || message.deleted)
      throw new SimulatorError('CONFLICT', 'only text messages that are not deleted can be edited');
    if (!text.trim()) throw new SimulatorError('BAD_REQUEST', 'text is required');
    message.text = text;
    message.edited = true;
    this.chats.save(conversation, message);
    this.toDevice({ type: 'message.edited', externalId: message.id, body: text });
    return message;
  }

  customerDeletes(number: string, messageId: string): SimMessage {
    const conversation = this.conversation(number);
    const message = this.chats.ownMessage(conversation, messageId, 'customer');
    this.chats.markDeleted(conversation, message);
    this.toDevice({ type: 'message.deleted', externalId: message.id });
    return message;
  }

  /** Someone types on the business phone itself: the platform must record it as sent by the company. */
  typeOnPhone(number: string, text: string): SimMessage {
    if (!text.trim()) throw new SimulatorError('BAD_REQUEST', 'text is required');
    const conversation = this.conversation(number);
    const message: SimMessage = {
      id: newMessageId(),
      from: 'business',
      text,
      media: null,
      quotedId: null,
      ack: 0,
      edited: false,
      deleted: false,
      timestamp: new Date().toISOString(),
    };
    this.chats.append(conversation, message);
    this.toDevice({ type: 'message.sent', message: toChannelMessage(conversation.contact, message) });
    this.recipientAcks(conversation, message);
    return message;
  }

  /** The file a chat of this phone shows under `key`, sent by the customer or the business (the control API serves only those). */
  mediaOf(key: string) {
    return this.chats.media.find(key);
  }

  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.pairing.cancel();
  }

  // ------------------------------------------------------------------ internals

  /** Sends to the linked device now, or keeps it on the "server" until the device is back. */
  private toDevice(event: ChannelEventBody): void {
    this.delivery.send({ event });
  }

  private setAck(conversation: Conversation, message: SimMessage, ack: SimAck, notifyDevice = true): void {
    if (message.ack >= ack) return;
    message.ack = ack;
    this.chats.save(conversation, message);
    if (notifyDevice) this.toDevice({ type: 'message.ack', externalId: message.id, ack });
  }

  /** The customer's phone takes a business message: sent, delivered, then read. */
  private recipientAcks(conversation: Conversation, message: SimMessage): void {
    this.later(0, () => this.setAck(conversation, message, 1));
    this.later(this.deps.timing.deliveredAckMs, () => this.setAck(conversation, message, 2));
    this.later(this.deps.timing.readAckMs, () => this.setAck(conversation, message, 3));
  }

  private async storeMedia(input: NonNullable<CustomerMessageInput['media']>): Promise<SimMedia> {
    const stored = await storeCustomerMedia(this.deps.media, this, input);
    if (stored === 'missing') throw new SimulatorError('BAD_REQUEST', 'media needs mimetype and base64');
    if (stored === 'empty') throw new SimulatorError('BAD_REQUEST', 'media is empty');
    return stored;
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }

  /** The chat a business send addresses; a number never seen becomes a contact named by its number. */
  private conversationForJid(to: string): Conversation {
    const found = this.chats.forJid(to);
    if (!('newNumber' in found)) return found;
    const { contact } = this.upsertContact({ name: found.newNumber, number: found.newNumber });
    return this.chats.conversation(contact.number);
  }
}
