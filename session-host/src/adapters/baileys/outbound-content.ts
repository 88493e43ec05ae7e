/** Outbound commands → `sock.sendMessage` arguments. Pure, tested with a fake socket. */
import type { AnyMessageContent, MiscMessageGenerationOptions, WAMessage } from '@whiskeysockets/baileys';
import type { SendCommand } from '../channel-adapter';
import { recipientJid } from './contact-identity';

export interface SendArguments {
  jid: string;
  content: AnyMessageContent;
  options: MiscMessageGenerationOptions;
}

/** WhatsApp plays voice notes only as Opus in Ogg; say so when the file is Ogg. */
const voiceNoteMimetype = (mimetype: string) => (mimetype.startsWith('audio/ogg') ? 'audio/ogg; codecs=opus' : mimetype);

/**
 * `quotedChat`: the chat JID (and group participant) the quoted message arrived on, when known; a quote
 * must name the chat the message is in, which may be the contact's LID rather than the number sent to.
 */
export function sendArguments(
  command: SendCommand,
  messageId: string,
  mediaBytes?: Buffer,
  quotedChat?: { remoteJid: string; participant?: string },
): SendArguments {
  const jid = recipientJid(command.to);
  const text = command.text ?? '';
  const options: MiscMessageGenerationOptions = { messageId };
  if (command.quoted) {
    options.quoted = {
      key: {
        remoteJid: quotedChat?.remoteJid ?? jid,
        id: command.quoted.externalId,
        fromMe: command.quoted.fromMe,
        participant: command.quoted.participant ?? quotedChat?.participant,
      },
      message: { conversation: command.quoted.body ?? '' },
    } as WAMessage;
  }
  const media = command.media;
  if (!media) return { jid, content: { text }, options };
  if (!mediaBytes) throw new Error(`media ${media.key} was not loaded`);
  const caption = text || undefined;
  switch (media.kind) {
    case 'image':
      return { jid, content: { image: mediaBytes, caption, mimetype: media.mimetype }, options };
    case 'video':
      return { jid, content: { video: mediaBytes, caption, mimetype: media.mimetype }, options };
    case 'audio':
      return media.voiceNote
        ? { jid, content: { audio: mediaBytes, ptt: true, mimetype: voiceNoteMimetype(media.mimetype) }, options }
        : { jid, content: { audio: mediaBytes, mimetype: media.mimetype }, options };
    case 'sticker':
      return { jid, content: { sticker: mediaBytes, mimetype: media.mimetype }, options };
    case 'document':
      return {
        jid,
        content: { document: mediaBytes, mimetype: media.mimetype, fileName: media.fileName ?? 'file', caption },
        options,
      };
  }
}
