/**
 * Baileys payloads → channel event bodies. Pure functions (media download is passed in), tested
 * against recorded payload shapes in test/baileys-translation.test.ts.
 */
import type { ChannelMessage, MediaKind, MediaRef, SendFailureReason } from '@atende/shared';
import {
  getContentType,
  isJidBroadcast,
  isJidGroup,
  isJidNewsletter,
  isJidStatusBroadcast,
  normalizeMessageContent,
  proto,
  toNumber,
  WAMessageStubType,
  type Contact,
  type LIDMapping,
  type MessageUserReceiptUpdate,
  type WAMessage,
  type WAMessageKey,
  type WAMessageUpdate,
} from '@whiskeysockets/baileys';
import type { ChannelEventBody } from '../channel-adapter';
import { contactFromBaileysContact, contactFromJids } from './contact-identity';
import { CONTROL_TYPES, placeholderBody } from './message-kinds';

type Content = proto.IMessage;

export interface MediaPart {
  kind: MediaKind;
  mimetype: string;
  fileName?: string;
  voiceNote?: boolean;
  /** The size WhatsApp announces (`fileLength`), before anything is downloaded. */
  fileLength?: number | Long | null;
}

type Long = { toNumber(): number };

/** Chats the platform does not handle: status updates, channels, broadcast lists. */
export const isIgnoredJid = (jid: string | null | undefined) =>
  !jid || isJidStatusBroadcast(jid) || isJidNewsletter(jid) || isJidBroadcast(jid);

/**
 * What a message says, and WhatsApp's name for its type when the platform does not show that type
 * (`unsupported`: the body is then a placeholder naming it); undefined for control frames (message-kinds.ts).
 */
export function contentOf(content: Content | null | undefined): { body: string; unsupported?: string } | undefined {
  const message = normalizeMessageContent(content);
  const type = getContentType(message);
  if (!message || !type) return undefined;
  const text = textOf(message, type);
  if (text !== undefined) return { body: text };
  return CONTROL_TYPES.has(type) ? undefined : { body: placeholderBody(type), unsupported: type };
}

export const bodyOf = (content: Content | null | undefined): string | undefined => contentOf(content)?.body;

/**
 * The text a person would read of the types the platform handles (body, caption, vCard, location link,
 * the chosen button …): this switch IS the list of handled types; any other type answers undefined.
 */
function textOf(message: Content, type: keyof Content): string | undefined {
  switch (type) {
    case 'conversation':
      return message.conversation ?? '';
    case 'extendedTextMessage':
      return message.extendedTextMessage?.text ?? '';
    case 'imageMessage':
      return message.imageMessage?.caption ?? '';
    case 'videoMessage':
      return message.videoMessage?.caption ?? '';
    case 'documentMessage':
      return message.documentMessage?.caption ?? '';
    case 'documentWithCaptionMessage':
      return message.documentWithCaptionMessage?.message?.documentMessage?.caption ?? '';
    case 'audioMessage':
    case 'stickerMessage':
      return '';
    case 'contactMessage':
      return message.contactMessage?.vcard ?? message.contactMessage?.displayName ?? '';
    case 'contactsArrayMessage':
      return (message.contactsArrayMessage?.contacts ?? []).map((c) => c.vcard ?? '').join('\n');
    case 'locationMessage':
    case 'liveLocationMessage': {
      const location = message.locationMessage ?? message.liveLocationMessage;
      return `https://maps.google.com/maps?q=${location?.degreesLatitude}%2C${location?.degreesLongitude}`;
    }
    case 'buttonsResponseMessage':
      return message.buttonsResponseMessage?.selectedDisplayText ?? '';
    case 'templateButtonReplyMessage':
      return message.templateButtonReplyMessage?.selectedDisplayText ?? '';
    case 'listResponseMessage':
      return message.listResponseMessage?.title ?? message.listResponseMessage?.singleSelectReply?.selectedRowId ?? '';
    case 'pollCreationMessage':
    case 'pollCreationMessageV2':
    case 'pollCreationMessageV3':
    case 'pollCreationMessageV5': {
      const poll = message[type];
      return [`📊 ${poll?.name ?? ''}`, ...(poll?.options ?? []).map((o) => `- ${o.optionName ?? ''}`)].join('\n');
    }
    case 'ptvMessage':
      return message.ptvMessage?.caption ?? '';
    case 'interactiveResponseMessage':
      return message.interactiveResponseMessage?.body?.text ?? '';
    // Control frames (message-kinds.ts) and types not shown: `contentOf` sorts them.
    default:
      return undefined;
  }
}

export function mediaOf(content: Content | null | undefined): MediaPart | undefined {
  const message = normalizeMessageContent(content);
  if (!message) return undefined;
  const {
    imageMessage: image,
    videoMessage: video,
    ptvMessage: videoNote,
    audioMessage: audio,
    stickerMessage: sticker,
  } = message;
  if (image) return { kind: 'image', mimetype: image.mimetype ?? 'image/jpeg', fileLength: image.fileLength };
  if (video) return { kind: 'video', mimetype: video.mimetype ?? 'video/mp4', fileLength: video.fileLength };
  if (videoNote) return { kind: 'video', mimetype: videoNote.mimetype ?? 'video/mp4', fileLength: videoNote.fileLength };
  if (audio)
    return {
      kind: 'audio',
      mimetype: audio.mimetype ?? 'audio/ogg',
      voiceNote: Boolean(audio.ptt),
      fileLength: audio.fileLength,
    };
  if (sticker) return { kind: 'sticker', mimetype: sticker.mimetype ?? 'image/webp', fileLength: sticker.fileLength };
  const document = message.documentMessage ?? message.documentWithCaptionMessage?.message?.documentMessage;
  if (document)
    return {
      kind: 'document',
      mimetype: document.mimetype ?? 'application/octet-stream',
      fileName: document.fileName ?? undefined,
      fileLength: document.fileLength,
    };
  return undefined;
}

function quotedIdOf(content: Content | null | undefined): string | undefined {
  const message = normalizeMessageContent(content);
  const type = getContentType(message);
  if (!message || !type) return undefined;
  const part = message[type] as { contextInfo?: proto.IContextInfo | null } | null | undefined;
  return (typeof part === 'object' && part?.contextInfo?.stanzaId) || undefined;
}

const isoFrom = (timestamp: WAMessage['messageTimestamp']) => {
  const seconds = toNumber(timestamp as number | null | undefined);
  return new Date(seconds > 0 ? seconds * 1000 : Date.now()).toISOString();
};

/** A received or phone-sent message; undefined for frames that are not conversation messages. */
export function channelMessageOf(message: WAMessage, media?: MediaRef): ChannelMessage | undefined {
  const key = message.key;
  if (!key.id || isIgnoredJid(key.remoteJid)) return undefined;
  const content = contentOf(message.message);
  if (content === undefined) return undefined;
  const isGroup = Boolean(isJidGroup(key.remoteJid!));
  const pushName = key.fromMe ? undefined : message.pushName;
  const contact = isGroup ? { jid: key.remoteJid! } : contactFromJids(key.remoteJid!, key.remoteJidAlt, pushName);
  const participant =
    isGroup && key.participant ? contactFromJids(key.participant, key.participantAlt, pushName) : undefined;
  return {
    externalId: key.id,
    fromMe: Boolean(key.fromMe),
    contact,
    ...(participant ? { participant } : {}),
    isGroup,
    body: content.body,
    ...(media ? { media } : {}),
    ...(quotedIdOf(message.message) ? { quotedExternalId: quotedIdOf(message.message) } : {}),
    timestamp: isoFrom(message.messageTimestamp),
    ...(content.unsupported ? { notice: { kind: 'unsupported' as const, type: content.unsupported } } : {}),
  };
}

/** The text Baileys puts after the error code when the business may not start new chats for a while. */
const RESTRICTED_TEXT = 'Your account has been restricted';
const RESTRICTION_CODE = '463';

/**
 * Why WhatsApp refused a send, from the ERROR update Baileys emits for an error ack
 * (messages-recv.js handleBadAck: `messageStubParameters = [code]` or `[code, ACCOUNT_RESTRICTED_TEXT]`).
 * rc14 adds the text whenever the code is `String(NACK_REASONS.SenderReachoutTimelocked)`, which is 463,
 * the same code as SERVER_ERROR_CODES.MessageAccountRestriction: so every 463 arrives as
 * `['463', 'Your account has been restricted']`, and the text tells nothing. 463 is the account (or the
 * contact's privacy token) restriction: `account-restricted`. The text with another code: reach-out lock.
 */
export function sendFailureOf(parameters: string[] | null | undefined): { reason: SendFailureReason; error: string } {
  const [code, text] = parameters ?? [];
  if (code === RESTRICTION_CODE)
    return { reason: 'account-restricted', error: 'WhatsApp restricted this account from starting new chats (463)' };
  if (text === RESTRICTED_TEXT) return { reason: 'reach-out-locked', error: `${text} (${code ?? 'no code'})` };
  return { reason: 'rejected', error: `WhatsApp refused the message (${code ?? 'no code'})` };
}

/** WebMessageInfo.Status → platform ack: PENDING 0, SERVER_ACK 1, DELIVERY_ACK 2, READ 3, PLAYED 4. */
export function ackOfStatus(status: number | null | undefined): 0 | 1 | 2 | 3 | 4 | undefined {
  if (status === null || status === undefined || status < proto.WebMessageInfo.Status.PENDING) return undefined;
  return Math.min(4, status - 1) as 0 | 1 | 2 | 3 | 4;
}

export function eventsOfUpdate({ key, update }: WAMessageUpdate): ChannelEventBody[] {
  if (!key.id || isIgnoredJid(key.remoteJid)) return [];
  const events: ChannelEventBody[] = [];
  if (key.fromMe && update.status === proto.WebMessageInfo.Status.ERROR) {
    return [{ type: 'message.sendFailed', externalId: key.id, ...sendFailureOf(update.messageStubParameters) }];
  }
  const ack = key.fromMe ? ackOfStatus(update.status) : undefined;
  if (ack !== undefined) events.push({ type: 'message.ack', externalId: key.id, ack });
  const edited = update.message?.editedMessage?.message;
  if (edited) events.push({ type: 'message.edited', externalId: key.id, body: bodyOf(edited) ?? '' });
  if (update.messageStubType === WAMessageStubType.REVOKE || (update.message === null && 'message' in update)) {
    events.push({ type: 'message.deleted', externalId: key.id });
  }
  return events;
}

/** Group receipts (per participant) → the strongest ack each carries. */
export function eventsOfReceipt({ key, receipt }: MessageUserReceiptUpdate): ChannelEventBody[] {
  if (!key.id || !key.fromMe || isIgnoredJid(key.remoteJid)) return [];
  const ack = receipt.playedTimestamp ? 4 : receipt.readTimestamp ? 3 : receipt.receiptTimestamp ? 2 : undefined;
  return ack ? [{ type: 'message.ack', externalId: key.id, ack }] : [];
}

/** A reaction (Baileys' `messages.reaction`): `key` is the message reacted to, `reaction.key` who reacted. */
export function eventsOfReaction({ key, reaction }: { key: WAMessageKey; reaction: proto.IReaction }): ChannelEventBody[] {
  if (!key.id || isIgnoredJid(key.remoteJid)) return [];
  const by = reaction.key as WAMessageKey | null | undefined;
  const fromMe = Boolean(by?.fromMe);
  const reactor = by?.participant ?? by?.remoteJid;
  return [
    {
      type: 'message.reaction',
      externalId: key.id,
      emoji: reaction.text ?? '',
      fromMe,
      ...(!fromMe && reactor && !isJidGroup(reactor)
        ? { from: contactFromJids(reactor, by?.participantAlt ?? by?.remoteJidAlt) }
        : {}),
    },
  ];
}

export function eventsOfContacts(contacts: Partial<Contact>[]): ChannelEventBody[] {
  const events: ChannelEventBody[] = [];
  for (const raw of contacts) {
    const contact = contactFromBaileysContact(raw);
    if (!contact) continue;
    const picture = typeof raw.imgUrl === 'string' && raw.imgUrl !== 'changed' ? raw.imgUrl : undefined;
    events.push({ type: 'contact.updated', contact, ...(picture ? { profilePicUrl: picture } : {}) });
  }
  return events;
}

export const eventsOfLidMapping = (mapping: LIDMapping): ChannelEventBody[] => [
  { type: 'contact.updated', contact: contactFromJids(mapping.pn, mapping.lid) },
];
