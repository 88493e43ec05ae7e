/**
 * A simulated phone's chats: its contacts (the address book) and each one's messages, kept as the
 * WhatsApp server and the phones would show them, saved through the simulator's persistence, with the
 * files they show (simulated-media.ts). Knows nothing of the linked device: SimulatedPhone tells the
 * device what changed.
 */
import type { Logger } from '../../logger';
import { fakeLid, NUMBER_PATTERN } from './simulated-identities';
import { SimulatedMediaIndex } from './simulated-media';
import type { SimulatorPersistence } from './simulator-persistence';
import { SimulatorError, type SimContact, type SimMessage } from './simulator-types';

export interface Conversation {
  contact: SimContact;
  messages: SimMessage[];
}

export class SimulatedChats {
  private readonly conversations = new Map<string, Conversation>();
  readonly media = new SimulatedMediaIndex();
  private loading: Promise<void> | undefined;

  constructor(
    private readonly owner: { companyId: string; connectionId: string },
    private readonly persistence: SimulatorPersistence | undefined,
    private readonly log: Logger,
  ) {}

  /** Loads the stored chats once (a host restart keeps them). */
  ensureLoaded(): Promise<void> {
    this.loading ??= (async () => {
      for (const stored of (await this.persistence?.load(this.owner.companyId, this.owner.connectionId)) ?? []) {
        this.conversations.set(stored.contact.number, stored);
        for (const message of stored.messages) this.media.track(message);
      }
    })().catch((err) => this.log.warn({ err }, 'simulated conversations not loaded'));
    return this.loading;
  }

  all(): Iterable<Conversation> {
    return this.conversations.values();
  }

  /** The contacts, the one with the latest message first. */
  contacts(): SimContact[] {
    return [...this.conversations.values()]
      .map((c) => c.contact)
      .sort((a, b) => (b.lastMessageAt ?? '').localeCompare(a.lastMessageAt ?? ''));
  }

  /** Adds a contact or renames one (by number); saved. */
  upsertContact(input: { name: string; number: string; lidOnly?: boolean }): { contact: SimContact; created: boolean } {
    if (!NUMBER_PATTERN.test(input.number)) throw new SimulatorError('BAD_REQUEST', 'number must be 10 to 15 digits');
    if (!input.name.trim()) throw new SimulatorError('BAD_REQUEST', 'name is required');
    const existing = this.conversations.get(input.number);
    const contact: SimContact = existing
      ? { ...existing.contact, name: input.name.trim(), lidOnly: input.lidOnly ?? existing.contact.lidOnly }
      : {
          number: input.number,
          name: input.name.trim(),
          lid: fakeLid(input.number),
          lidOnly: input.lidOnly ?? false,
          lastMessageAt: null,
        };
    if (existing) existing.contact = contact;
    else this.conversations.set(contact.number, { contact, messages: [] });
    this.persistence?.saveContact(this.owner.companyId, this.owner.connectionId, contact);
    return { contact, created: !existing };
  }

  conversation(number: string): Conversation {
    const conversation = this.conversations.get(number);
    if (!conversation) throw new SimulatorError('NOT_FOUND', `no contact ${number} on this connection`);
    return conversation;
  }

  /** The chat a business send addresses (`<number>@s.whatsapp.net` or a lid), or the number it names when no chat has it yet. */
  forJid(to: string): Conversation | { newNumber: string } {
    if (to.endsWith('@lid')) {
      const found = [...this.conversations.values()].find((c) => c.contact.lid === to);
      if (!found) throw new SimulatorError('NOT_FOUND', `no contact with lid ${to}`);
      return found;
    }
    const number = to.split('@')[0]!.split(':')[0]!;
    if (!NUMBER_PATTERN.test(number)) throw new SimulatorError('BAD_REQUEST', `invalid recipient ${to}`);
    return this.conversations.get(number) ?? { newNumber: number };
  }

  /** The message `messageId` written by `from`. */
  ownMessage(conversation: Conversation, messageId: string, from: SimMessage['from']): SimMessage {
    const message = conversation.messages.find((m) => m.id === messageId && m.from === from);
    if (!message) throw new SimulatorError('NOT_FOUND', `no ${from} message ${messageId}`);
    return message;
  }

  /** The contact's `lastMessageAt` is not saved per message: loading takes it from the messages. */
  append(conversation: Conversation, message: SimMessage): void {
    conversation.messages.push(message);
    this.media.track(message);
    conversation.contact.lastMessageAt = message.timestamp;
    this.save(conversation, message);
  }

  markDeleted(conversation: Conversation, message: SimMessage): void {
    message.deleted = true;
    message.text = '';
    this.media.forget(message.media);
    message.media = null;
    this.save(conversation, message);
  }

  save(conversation: Conversation, message: SimMessage): void {
    this.persistence?.saveMessage(this.owner.companyId, this.owner.connectionId, conversation.contact.number, message);
  }
}
