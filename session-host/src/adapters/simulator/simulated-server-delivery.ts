/**
 * The simulated WhatsApp server's delivery to one phone's linked device. Events wait on the server
 * while the device is offline and go out in order when it is back. A customer message stays the
 * server's until the device sends its delivery receipt, which the device does only once the host has
 * enqueued it (SimDevice.deliver): a message handed to a socket that died before that — the session
 * host SIGKILLed mid-burst — is offered again on the next connection, as WhatsApp redelivers what a
 * client did not receipt. The host recognises the repeat by its event id (derived from the message id).
 */
import type { ChannelEventBody } from '../channel-adapter';
import type { SimDevice, SimMessage } from './simulator-types';

/** What the server does when the device receipts a customer message (ack 2 on the customer's phone). */
export interface Receipt {
  messageId: string;
  receipted(): void;
}

export interface Offer {
  event: ChannelEventBody;
  receipt?: Receipt;
}

export class SimulatedServerDelivery {
  private readonly outbox: Offer[] = [];
  /** Customer messages waiting in the outbox or handed to a device, whose receipt has not come. */
  private readonly offered = new Set<string>();

  constructor(private readonly device: () => SimDevice | null) {}

  /**
   * Hands the event to the device now, or keeps it on the server until the device is back. A customer
   * message already on its way (offered on a reconnect while it was being stored) is not offered twice.
   */
  send(offer: Offer): void {
    if (offer.receipt) {
      if (this.offered.has(offer.receipt.messageId)) return;
      this.offered.add(offer.receipt.messageId);
    }
    const device = this.device();
    if (device) this.handOver(device, offer);
    else this.outbox.push(offer);
  }

  /** The customer messages the device never receipted and that are not on their way, oldest first. */
  unreceipted<C extends { messages: SimMessage[] }>(conversations: Iterable<C>): { conversation: C; message: SimMessage }[] {
    return [...conversations]
      .flatMap((conversation) =>
        conversation.messages
          .filter((m) => m.from === 'customer' && m.ack < 2 && !m.deleted && !this.offered.has(m.id))
          .map((message) => ({ conversation, message })),
      )
      .sort((a, b) => a.message.timestamp.localeCompare(b.message.timestamp));
  }

  /**
   * The device is back: first the messages the server holds unreceipted from before (`unreceipted`,
   * oldest first: what a dead host never enqueued), then what waited in the outbox, in order.
   */
  flush(unreceipted: Offer[]): void {
    for (const offer of unreceipted) this.send(offer);
    for (let device = this.device(); device && this.outbox.length > 0; device = this.device())
      this.handOver(device, this.outbox.shift()!);
  }

  private handOver(device: SimDevice, { event, receipt }: Offer): void {
    const delivered = device.deliver(event);
    if (!receipt) {
      delivered.catch(() => undefined); // acks and contacts are not redelivered
      return;
    }
    delivered.then(
      () => {
        this.offered.delete(receipt.messageId);
        receipt.receipted();
      },
      // No receipt (the host is stopping, the session was replaced): offered again on the next connection.
      () => this.offered.delete(receipt.messageId),
    );
  }
}
