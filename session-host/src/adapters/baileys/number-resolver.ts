/**
 * Numbers typed by people, checked with WhatsApp (`onWhatsApp`) before the first send: WhatsApp
 * answers the JID the number really has (in Brazil, with or without the ninth digit added in 2012-16)
 * or that it has no account. Answers are kept for a day per connection.
 */
import type { BaileysSocketLike } from './socket-config';

const KEEP_MS = 24 * 3600_000;
const MAX_ENTRIES = 10_000;

export class NumberResolver {
  private readonly answers = new Map<string, { jid: string | null; at: number }>();

  /** The JID to send to, or null when the number is not on WhatsApp. */
  async resolve(socket: Pick<BaileysSocketLike, 'onWhatsApp'>, jid: string): Promise<string | null> {
    const known = this.answers.get(jid);
    if (known && Date.now() - known.at < KEEP_MS) return known.jid;
    const [answer] = (await socket.onWhatsApp(jid)) ?? [];
    const resolved = answer?.exists ? answer.jid : null;
    this.answers.delete(jid);
    this.answers.set(jid, { jid: resolved, at: Date.now() });
    if (this.answers.size > MAX_ENTRIES) this.answers.delete(this.answers.keys().next().value as string);
    return resolved;
  }
}
