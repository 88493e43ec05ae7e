/**
 * Phone numbers checked with WhatsApp (`onWhatsApp`) before the first send to them, whether typed as
 * digits or given as `<number>@s.whatsapp.net` (what the API sends for every contact with a number).
 * WhatsApp answers the JID the number really has (in Brazil, with or without the ninth digit added in
 * 2012-16) or that it has no account. Without the check Baileys sends to a JID nobody has and reports
 * no error: the console shows "sent" and the customer gets nothing.
 * In rc14 `onWhatsApp` answers a list without the number when it has no account (the USync contact
 * protocol's `type` is not `in`, and such entries are filtered out: lib/Socket/socket.js `onWhatsApp`),
 * and `undefined` when WhatsApp answered no result. Answers are kept per connection: a day for a JID,
 * an hour for "no account" (the number may join); no answer at all is not kept, and not a refusal.
 */
import { isPnUser } from '@whiskeysockets/baileys';
import type { Logger } from '../../logger';
import { SendRefusedError } from '../channel-adapter';
import { recipientJid } from './contact-identity';
import type { BaileysSocketLike } from './socket-config';

const KEEP_MS = 24 * 3600_000;
const KEEP_ABSENT_MS = 3600_000;
const MAX_ENTRIES = 10_000;

/** The JID to send to; null: the number has no WhatsApp account; undefined: WhatsApp did not say. */
export type Resolution = string | null | undefined;

export class NumberResolver {
  private readonly answers = new Map<string, { jid: string | null; at: number }>();

  /**
   * The JID to send a command's `to` to: a phone number, typed or as a JID, as WhatsApp answers it;
   * refused (SendRefusedError) when it has no account. LIDs and groups go as they are (Baileys:
   * "LIDs are not supported with onWhatsApp"); when WhatsApp does not answer, the number as given.
   */
  async recipient(socket: Pick<BaileysSocketLike, 'onWhatsApp'>, to: string, log: Logger): Promise<string> {
    const jid = recipientJid(to);
    if (!isPnUser(jid)) return jid;
    const resolved = await this.resolve(socket, jid).catch((err: unknown) => {
      log.warn({ err, jid }, 'number not checked with WhatsApp; sending as given');
      return undefined;
    });
    if (resolved === null)
      throw new SendRefusedError('not-on-whatsapp', 'ERR_WAPP_INVALID_CONTACT', `${to} is not on WhatsApp`);
    return resolved ?? jid;
  }

  async resolve(socket: Pick<BaileysSocketLike, 'onWhatsApp'>, jid: string): Promise<Resolution> {
    const known = this.answers.get(jid);
    if (known && Date.now() - known.at < (known.jid ? KEEP_MS : KEEP_ABSENT_MS)) return known.jid;
    const answers = await socket.onWhatsApp(jid);
    if (!answers) return undefined;
    const answer = answers.find((a) => a.exists);
    const resolved = answer ? answer.jid : null;
    this.answers.delete(jid);
    this.answers.set(jid, { jid: resolved, at: Date.now() });
    if (this.answers.size > MAX_ENTRIES) this.answers.delete(this.answers.keys().next().value as string);
    return resolved;
  }
}
