/**
 * `messages.upsert` → message events, one message after another and in order: the chat each message
 * came on is remembered (chat-index.ts), the platform's own sends coming back are skipped, a LID chat
 * gets its phone number from Baileys' mapping store, and a file is handed to the media intake, which
 * reports it later as `message.media` (inbound-media.ts).
 */
import type { WAMessage } from '@whiskeysockets/baileys';
import type { AdapterStartOptions, ChannelEventBody } from '../channel-adapter';
import type { ChatIndex } from './chat-index';
import type { MediaIntake } from './inbound-media';
import { channelMessageOf, isIgnoredJid, mediaOf } from './message-translation';
import type { BaileysSocketLike } from './socket-config';

const OWN_SENDS_KEPT = 2_000;

/** Ids of the platform's own sends, for echo suppression (bounded; their content is in DynamoDB for retries). */
export class OwnSends {
  private readonly ids = new Set<string>();

  remember(id: string): void {
    this.ids.delete(id);
    this.ids.add(id);
    if (this.ids.size > OWN_SENDS_KEPT) this.ids.delete(this.ids.values().next().value as string);
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }
}

export interface InboundContext {
  socket: BaileysSocketLike;
  options: AdapterStartOptions;
  chats: ChatIndex;
  ownSends: OwnSends;
  intake: MediaIntake;
  emit(event: ChannelEventBody): void;
}

export async function translateInbound(ctx: InboundContext, messages: WAMessage[]): Promise<void> {
  const { socket, options } = ctx;
  for (const message of messages) {
    const { key } = message;
    if (!message.message || !key.id || isIgnoredJid(key.remoteJid)) continue;
    // Our own sends come back as upserts; the send path already reported them with their clientMessageId.
    if (key.fromMe && ctx.ownSends.has(key.id)) continue;
    ctx.chats.remember(key.id, {
      remoteJid: key.remoteJid!,
      ...(key.participant ? { participant: key.participant } : {}),
    });
    const translated = channelMessageOf(await withPhoneNumber(socket, message));
    if (!translated) continue;
    ctx.emit(key.fromMe ? { type: 'message.sent', message: translated } : { type: 'message.received', message: translated });
    const part = mediaOf(message.message);
    if (part) {
      ctx.intake.accept({
        message,
        part,
        companyId: options.companyId,
        connectionId: options.connectionId,
        media: options.media,
        reupload: (m) => socket.updateMediaMessage(m),
        emit: ctx.emit,
      });
    }
  }
}

/** A chat addressed by LID without the phone number beside it (it happens: upstream PRs 2124, 2744): ask Baileys' mapping store. */
async function withPhoneNumber(socket: BaileysSocketLike, message: WAMessage): Promise<WAMessage> {
  const key = message.key;
  if (!key.remoteJid?.endsWith('@lid') || key.remoteJidAlt) return message;
  const pn = await socket.signalRepository.lidMapping.getPNForLID(key.remoteJid).catch(() => null);
  return pn ? { ...message, key: { ...key, remoteJidAlt: pn } } : message;
}
