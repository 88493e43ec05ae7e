/**
 * The seam between the session manager and a WhatsApp transport. One adapter instance drives one
 * connection; `start()` may be called again after a close (the manager reconnects with backoff).
 *
 * Adapters report two kinds of events through `onEvent`:
 * - lifecycle events (`lifecycle.*`): what the socket is doing; the session manager turns them into
 *   `connection.status` / `connection.qr` channel events and decides about reconnecting;
 * - channel event bodies (messages, acks, edits, deletions, contacts): published as they are, once
 *   the manager has stamped them with `eventId`, `companyId`, `connectionId` and `occurredAt`.
 */
import type {
  AdapterKind,
  ChannelEvent,
  ChannelMessage,
  NumberCheckResult,
  OutboundCommand,
  SendFailureReason,
} from '@atende/shared';
import type { ConnectionAuthState } from '../auth-state/dynamodb-auth-state';
import type { MediaStore } from '../media/media-store';

type Stamp = 'eventId' | 'companyId' | 'connectionId' | 'occurredAt';
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A channel event before the manager stamps it. Status and QR events belong to the manager. */
export type ChannelEventBody = DistributiveOmit<
  Exclude<ChannelEvent, { type: 'connection.status' | 'connection.qr' }>,
  Stamp
>;

export type LifecycleEvent =
  | { type: 'lifecycle.connecting' }
  | { type: 'lifecycle.qr'; qr: string }
  /** A QR was scanned / a pairing code accepted; the socket restarts and then opens. */
  | { type: 'lifecycle.paired'; number?: string }
  | { type: 'lifecycle.open'; number?: string; lid?: string }
  | {
      type: 'lifecycle.closed';
      reason: string;
      /** The phone unlinked this device: credentials are void, a new QR is needed. */
      loggedOut: boolean;
      /** Expected right after pairing: reconnect at once, no backoff. */
      restartRequired: boolean;
      /** Nobody scanned the QR in time: stop trying until someone asks again. */
      qrTimeout: boolean;
      /**
       * Retrying cannot help (440 replaced by another client, 403, 411, a web version WhatsApp keeps
       * refusing, credentials taken over by another host): stop, keep the credentials, tell a person.
       */
      final?: boolean;
    };

export type AdapterEvent = LifecycleEvent | ChannelEventBody;
/**
 * A listener may answer a channel event with a promise that settles once the event is durable (the
 * session manager: enqueued to the inbound queue). An adapter that can hold its receipt to WhatsApp
 * until then (`emitDurably`) lets WhatsApp redeliver whatever a dead host had not yet enqueued.
 */
export type AdapterListener = (event: AdapterEvent) => void | Promise<void>;

export interface AdapterStartOptions {
  companyId: string;
  connectionId: string;
  auth: ConnectionAuthState;
  media: MediaStore;
  /** Pair with an 8-character code typed on the phone instead of scanning a QR. */
  usePairingCode?: boolean;
  phoneNumber?: string;
}

export type SendCommand = Extract<OutboundCommand, { type: 'message.send' }>;
export type DeleteCommand = Extract<OutboundCommand, { type: 'message.delete' }>;
export type ReadCommand = Extract<OutboundCommand, { type: 'message.read' }>;
export type RejectCallCommand = Extract<OutboundCommand, { type: 'call.reject' }>;
export type NumbersCheckCommand = Extract<OutboundCommand, { type: 'numbers.check' }>;

/** Thrown by send/delete/read when the socket is not open; the consumer then waits and retries. */
export class NotConnectedError extends Error {
  constructor(connectionId: string) {
    super(`connection ${connectionId} is not connected`);
    this.name = 'NotConnectedError';
  }
}

/** A send that will never succeed as it is (number not on WhatsApp, a file WhatsApp will not take): no retry. */
export class SendRefusedError extends Error {
  constructor(
    readonly reason: SendFailureReason,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SendRefusedError';
  }
}

export interface ChannelAdapter {
  readonly kind: AdapterKind;
  onEvent(listener: AdapterListener): void;
  /** Opens a socket with the stored credentials (resume) or a QR / pairing code (new device). */
  start(options: AdapterStartOptions): Promise<void>;
  /** Forgets the current device and starts over with a fresh QR. */
  requestNewQr(): Promise<void>;
  /** Unlinks the device from the phone and wipes the credentials. */
  logout(): Promise<void>;
  /** Closes the socket, keeping the credentials (the next `start` resumes without a QR). */
  stop(): Promise<void>;
  /**
   * Sends a message whose WhatsApp id is `messageId` (derived from the command id, so a redelivered
   * command re-sends under the same id and the recipient drops the copy). Resolves with the message as sent.
   */
  send(command: SendCommand, messageId: string): Promise<ChannelMessage>;
  deleteMessage(command: DeleteCommand): Promise<void>;
  markRead(command: ReadCommand): Promise<void>;
  /** Refuses a ringing call (`call.received` before it); a call that already ended is nothing to refuse. */
  rejectCall(command: RejectCallCommand): Promise<void>;
  /** Which of the command's numbers have a WhatsApp account: one result per number, in order (NotConnectedError when down). */
  checkNumbers(command: NumbersCheckCommand): Promise<NumberCheckResult[]>;
}

/** The shared half of both adapters: listeners, start options, and "new QR" as stop → wipe → start. */
export abstract class AdapterBase implements ChannelAdapter {
  abstract readonly kind: AdapterKind;
  private readonly listeners: AdapterListener[] = [];
  protected options: AdapterStartOptions | undefined;

  onEvent(listener: AdapterListener): void {
    this.listeners.push(listener);
  }

  protected emit(event: AdapterEvent): void {
    // Whoever failed to make the event durable has logged it; a plain emit does not wait for it.
    for (const listener of this.listeners) void listener(event)?.catch(() => undefined);
  }

  /**
   * Emits a channel event and resolves once every listener has made it durable (the inbound queue has
   * it): only then may the device send WhatsApp its delivery receipt. Rejects when a listener could
   * not (the host is stopping, the session was replaced) or when nobody listens: no receipt then, and
   * WhatsApp offers the message again on the next connection.
   */
  protected async emitDurably(event: ChannelEventBody): Promise<void> {
    if (this.listeners.length === 0) throw new Error('no listener took the event');
    await Promise.all(this.listeners.map((listener) => listener(event)));
  }

  protected get started(): AdapterStartOptions {
    if (!this.options) throw new Error('adapter not started');
    return this.options;
  }

  async start(options: AdapterStartOptions): Promise<void> {
    this.options = options;
    await options.auth.ensureLoaded();
    await this.open(options);
  }

  async requestNewQr(): Promise<void> {
    const options = this.started;
    await this.stop();
    await options.auth.clear();
    await this.open(options);
  }

  protected abstract open(options: AdapterStartOptions): Promise<void>;
  abstract logout(): Promise<void>;
  abstract stop(): Promise<void>;
  abstract send(command: SendCommand, messageId: string): Promise<ChannelMessage>;
  abstract deleteMessage(command: DeleteCommand): Promise<void>;
  abstract markRead(command: ReadCommand): Promise<void>;
  abstract rejectCall(command: RejectCallCommand): Promise<void>;
  abstract checkNumbers(command: NumbersCheckCommand): Promise<NumberCheckResult[]>;
}
