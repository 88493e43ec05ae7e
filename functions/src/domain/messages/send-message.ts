/**
 * POST /messages/{ticketId} (spec part 1 §4, §5, §6): only while the ticket is open and the caller
 * may see it (`mayReplyToTicket`); signature by choice for admins, forced for operators by
 * userAlwaysSubmitSignature (`signatureForced`); quoting a message of the same ticket; up to 3
 * media already uploaded under this ticket's prefix (uploads.ts), checked in S3 before sending.
 * Each medium is one message (the text goes as the first caption); each part has its own
 * idempotency key derived from the console's `clientMessageId` when it sends one, scoped to the
 * ticket (`sendPartKey`): a retry of the same send on this ticket answers the first send's messages
 * and sends nothing again; the same id on another ticket is another send.
 */
import { ulid } from '@atende/shared/ids';
import {
  isAllowedAttachment,
  MAX_MEDIA_BYTES,
  mayReplyToTicket,
  mediaKindOf,
  MESSAGE_MSG,
  PAGE_SIZE,
  signatureForced,
  type MediaRef,
  type MessageDto,
  type SendMessageInput,
} from '@atende/shared';
import { getConnection } from '../../data/connections';
import { getContact } from '../../data/contacts';
import { findRecentTicketMessage, getMessage, getMessageRef, type MessageRecord } from '../../data/messages';
import { AppError } from '../../platform/app-error';
import { isOutboundMediaKeyOf, isQuickMessageMediaKeyOf, mediaObjectInfo } from '../../platform/storage';
import { accessDenied, visibleTicket, type TicketActor } from '../tickets/ticket-actor';
import { toMessageDto } from './message-dto';
import { sendOutboundPart } from './outbound-message';

/** The idempotency key of part `index` of a console send: the ticket's, never another ticket's. */
const sendPartKey = (ticketId: string, clientMessageId: string, index: number) =>
  `send:${ticketId}:${clientMessageId}:${index}`;

export async function sendTicketMessage(
  actor: TicketActor,
  ticketId: string,
  input: SendMessageInput,
): Promise<MessageDto[]> {
  const ticket = await visibleTicket(actor, ticketId);
  if (!mayReplyToTicket(actor.viewer, ticket, actor.settings)) {
    throw ticket.status !== 'open' ? new AppError('ERR_NO_PERMISSION', 403) : accessDenied();
  }
  const cid = ticket.companyId;
  const [connection, contact] = await Promise.all([
    getConnection(cid, ticket.connectionId),
    getContact(cid, ticket.contactId),
  ]);
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
  const quoted = input.quotedMsg ? await quotedMessage(cid, ticket.id, input.quotedMsg) : undefined;
  const media = await Promise.all(input.medias.map((m) => checkedMedia(cid, ticket.id, m)));

  const sign = signatureForced(actor.viewer, actor.settings) || (input.signature ?? true);
  const text = sign && input.body.trim() ? `*${actor.name}:*\n${input.body}` : input.body;
  const parts = media.length ? media.map((m, i) => ({ media: m, text: i === 0 ? text : '' })) : [{ media: undefined, text }];
  const sent: MessageRecord[] = [];
  for (const [i, part] of parts.entries()) {
    const message = await sendOutboundPart(ticket, connection, contact, {
      commandId: input.clientMessageId ? sendPartKey(ticket.id, input.clientMessageId, i) : ulid(),
      text: part.text,
      media: part.media,
      quoted: i === 0 ? quoted : undefined,
      userId: actor.viewer.userId,
    });
    // A retry answers this ticket's first send, never a message of another conversation.
    if (message.ticketId !== ticket.id) throw new AppError('ERR_CONFLICT', 409);
    sent.push(message);
  }
  return Promise.all(sent.map(toMessageDto));
}

/**
 * The quoted message, of this ticket. By its reference (AP-M3); without one, among the ticket's newest
 * page (AP-M4): a customer's message is on the console before its pipeline's last write gives it
 * its reference (bots, search words), and an operator may quote it at once.
 */
async function quotedMessage(companyId: string, ticketId: string, messageId: string): Promise<MessageRecord> {
  const ref = await getMessageRef(companyId, messageId); // AP-M3
  const message = !ref
    ? await findRecentTicketMessage(companyId, ticketId, messageId, PAGE_SIZE)
    : ref.ticketId === ticketId
      ? await getMessage(companyId, ref.connectionId, ref.externalId)
      : undefined;
  if (!message) throw new AppError('ERR_VALIDATION', 400, { fields: { quotedMsg: 'not a message of this ticket' } });
  return message;
}

async function checkedMedia(companyId: string, ticketId: string, m: SendMessageInput['medias'][number]): Promise<MediaRef> {
  // uploaded for this ticket, or a quick reply's file of the company (the '/' shortcut sends those)
  if (!isOutboundMediaKeyOf(companyId, ticketId, m.key) && !isQuickMessageMediaKeyOf(companyId, m.key))
    throw new AppError('ERR_VALIDATION', 400, { fields: { medias: 'unknown upload' } });
  if (!isAllowedAttachment(m.fileName, m.mimetype))
    throw new AppError('ERR_VALIDATION', 400, { fields: { medias: MESSAGE_MSG.blockedType } });
  const info = await mediaObjectInfo(m.key);
  if (process.env.MEDIA_BUCKET && !info)
    throw new AppError('ERR_VALIDATION', 400, { fields: { medias: 'upload not found' } });
  if (info && info.size > MAX_MEDIA_BYTES)
    throw new AppError('ERR_VALIDATION', 400, { fields: { medias: MESSAGE_MSG.tooLarge } });
  const kind = mediaKindOf(m.mimetype);
  return {
    kind,
    key: m.key,
    mimetype: m.mimetype,
    fileName: m.fileName,
    ...(info ? { sizeBytes: info.size } : {}),
    ...(kind === 'audio' && m.voiceNote ? { voiceNote: true } : {}),
  };
}
