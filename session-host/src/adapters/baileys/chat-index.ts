/**
 * On which chat JID (and from which group participant) each message arrived. WhatsApp addresses a
 * chat by LID or by phone number, and reads, deletes and quotes must name the JID the message came
 * on (a read receipt sent to the other form is ignored), and group receipts must name the participant.
 * The recent ones are kept in memory per connection across socket restarts, bounded; those the fallback
 * would get wrong (LID chats, groups) are also stored in DynamoDB (auth-state/chat-keys.ts), so a
 * restarted host still finds them.
 */
import { isPnUser } from '@whiskeysockets/baileys';
import type { ChatKey, ChatKeyStore } from '../../auth-state/chat-keys';
import type { Logger } from '../../logger';

export type { ChatKey };

/**
 * Messages kept in memory per connection. Only a read cache: what the fallback would get wrong (LID
 * chats, groups) is also in DynamoDB. At 20,000 a long-lived connection held ≈ 6 MB here, more than the
 * rest of its memory together (bench/baileys-socket-memory.ts `bounds`); 2,000 is ≈ 0.25 MB.
 */
export const CHATS_IN_MEMORY = 2_000;

export class ChatIndex {
  private readonly keys = new Map<string, ChatKey>();
  private store: ChatKeyStore | undefined;

  constructor(private readonly log: Logger) {}

  /** The connection's durable store (set on every start: the same connection's store). */
  persistTo(store: ChatKeyStore): void {
    this.store = store;
  }

  remember(externalId: string, key: ChatKey): void {
    this.keys.delete(externalId);
    this.keys.set(externalId, key);
    if (this.keys.size > CHATS_IN_MEMORY) this.keys.delete(this.keys.keys().next().value as string);
    if (this.store && (!isPnUser(key.remoteJid) || key.participant)) {
      this.store.put(externalId, key).catch((err) => this.log.warn({ err, externalId }, 'chat of a message not kept'));
    }
  }

  /** Messages held in memory (bounded by CHATS_IN_MEMORY). */
  get size(): number {
    return this.keys.size;
  }

  async get(externalId: string): Promise<ChatKey | undefined> {
    return (await this.getMany([externalId])).get(externalId);
  }

  /** From memory, else from DynamoDB; absent: a message on a phone-number chat (the fallback is right) or an old one. */
  async getMany(externalIds: string[]): Promise<Map<string, ChatKey>> {
    const found = new Map<string, ChatKey>();
    const missing: string[] = [];
    for (const id of externalIds) {
      const key = this.keys.get(id);
      if (key) found.set(id, key);
      else missing.push(id);
    }
    if (!missing.length || !this.store) return found;
    const stored = await this.store.getMany(missing).catch((err: unknown) => {
      this.log.warn({ err }, 'chats of messages not read; falling back to the number');
      return new Map<string, ChatKey>();
    });
    for (const [id, key] of stored) found.set(id, key);
    return found;
  }
}
