/**
 * A session host and the customers' phones, simulated for a campaign journey: the host executes the
 * `message.send` commands the engine queued (fake-queues.ts), as the real outbound consumer does —
 * a command whose `cmd#<commandId>` marker exists is skipped, otherwise it is sent and then marked —
 * and a phone shows a message once per WhatsApp message id (the id the host derives from the command,
 * so a re-executed command is the same message, as on WhatsApp).
 *
 * `crash(n)`: the host dies after sending its last `n` commands and before marking them; the queue
 * hands them to the restarted host, which sends them again. Numbers not on WhatsApp get nothing: the
 * host reports `message.sendFailed` for them, as the Baileys adapter does.
 */
import type { OutboundCommand } from '@atende/shared';
import { messageIdForCommand } from '../../src/shared-surface';
import { fakeQueues } from './fake-queues';

type Send = Extract<OutboundCommand, { type: 'message.send' }>;

export interface Phone {
  /** What the phone shows: one entry per WhatsApp message id. */
  messages: Map<string, Send>;
  /** Every time the network handed it a message (a re-sent one included). */
  deliveries: number;
}

export interface HostReactions {
  /** The customer reads a new message and answers (a confirmation request asks for one). */
  onNewMessage(phone: string, command: Send): Promise<void>;
  /** The host cannot send to a number that is not on WhatsApp. */
  onNotOnWhatsapp(command: Send): Promise<void>;
}

export class SimulatedHost {
  readonly phones = new Map<string, Phone>();
  private taken = 0;
  private readonly markers = new Set<string>();
  private readonly sent: Send[] = [];

  constructor(
    private readonly notOnWhatsapp: ReadonlySet<string>,
    private readonly reactions: HostReactions,
  ) {}

  /** Executes every command queued since the last call, in queue order (customers' answers included). */
  async pump(): Promise<void> {
    while (this.taken < fakeQueues.outbound.length) {
      const { command } = fakeQueues.outbound[this.taken++]!;
      if (command.type === 'message.send') await this.execute(command);
    }
  }

  /** The host dies having sent its last `n` commands without marking them; the restarted one gets them again. */
  async crash(n: number): Promise<number> {
    const lost = this.sent.slice(-n);
    for (const command of lost) this.markers.delete(command.commandId);
    for (const command of lost) await this.execute(command);
    return lost.length;
  }

  private async execute(command: Send): Promise<void> {
    if (this.markers.has(command.commandId)) return; // executed before: the redelivery is dropped
    const number = command.to.split('@')[0]!;
    if (this.notOnWhatsapp.has(number)) await this.reactions.onNotOnWhatsapp(command);
    else await this.deliver(number, command);
    this.markers.add(command.commandId);
    this.sent.push(command);
  }

  private async deliver(number: string, command: Send): Promise<void> {
    const phone = this.phones.get(number) ?? { messages: new Map<string, Send>(), deliveries: 0 };
    this.phones.set(number, phone);
    phone.deliveries++;
    const messageId = messageIdForCommand(command.connectionId, command.commandId);
    if (phone.messages.has(messageId)) return; // the same WhatsApp message again: shown once
    phone.messages.set(messageId, command);
    await this.reactions.onNewMessage(number, command);
  }
}
