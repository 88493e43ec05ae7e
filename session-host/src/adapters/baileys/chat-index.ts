/**
 * On which chat JID (and from which group participant) each message arrived. WhatsApp addresses a
 * chat by LID or by phone number, and reads, deletes and quotes must name the JID the message came
 * on (a read receipt sent to the other form is ignored), and group receipts must name the participant.
 * Kept per connection across socket restarts, bounded.
 */
export interface ChatKey {
  remoteJid: string;
  participant?: string;
}

const MAX_ENTRIES = 20_000;

export class ChatIndex {
  private readonly keys = new Map<string, ChatKey>();

  remember(externalId: string, key: ChatKey): void {
    this.keys.delete(externalId);
    this.keys.set(externalId, key);
    if (this.keys.size > MAX_ENTRIES) this.keys.delete(this.keys.keys().next().value as string);
  }

  get(externalId: string): ChatKey | undefined {
    return this.keys.get(externalId);
  }
}
