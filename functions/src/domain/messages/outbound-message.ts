/**
 * One outbound message: recorded on its ticket FIRST (under the WhatsApp id the session host will
 * use, `messageIdForCommand`; without a transaction, in the guarded order of a channel message:
 * `recordOutboundMessage`, data/message-landing.ts), then queued as a `message.send` command. So the channel's echo is a
 * duplicate the inbound worker drops, acks find the message, and a retried call with the same
 * command id records nothing twice and is collapsed by SQS and the session host (idempotency key =
 * commandId). Used by the API (send-message.ts) and the bots.
 */
import type { MediaRef, MessageMediaType } from '@atende/shared';
import type { ConnectionRecord } from '../../data/connections';
import type { ContactRecord } from '../../data/contacts';
import { markMessageSendFailed, type MessageRecord } from '../../data/messages';
import { getTicket, type TicketRecord } from '../../data/tickets';
import { AppError } from '../../platform/app-error';
import { logger } from '../../platform/logger';
import { messageIdForCommand } from '../../shared-surface/outbound-message-ids';
import { sendOutboundCommand } from '../../platform/queues';
import { monotonicUlid } from '@atende/shared/ids';
import { contactJid } from '../contacts/channel-identity';
import { indexMessageText, recordOutboundMessage } from '../tickets/ticket-activity';
import { toTicketDto } from '../tickets/ticket-dto';
import { publishMessageCreated } from './message-events';

export interface OutboundPart {
  /**
   * Idempotency key of this part (the same key never sends twice): a retry answers the message
   * recorded first, which a scheduled send retried on a new conversation may find on the old ticket.
   */
  commandId: string;
  text: string;
  media?: MediaRef;
  quoted?: MessageRecord;
  /** The operator sending it; null for bots and automatic messages. */
  userId: string | null;
  /**
   * false: the ticket is not found by this text's words. A bot's configured texts (greeting, menu,
   * out-of-hours) are the same on every ticket of the queue: a search by them would find them all.
   */
  searchable?: boolean;
  /** The message id, when the caller chose it beforehand (a new ticket's opening replies); a fresh ULID otherwise. */
  id?: string;
  /**
   * The ticket, as the caller holds it, counted this message already (stored as it leaves it: a new
   * ticket's opening replies, domain/bots/ticket-bots.ts `OpeningReplies`): no activity is written.
   */
  countedOnTicket?: boolean;
}

export async function sendOutboundPart(
  ticket: TicketRecord,
  connection: ConnectionRecord,
  contact: ContactRecord,
  part: OutboundPart,
): Promise<MessageRecord> {
  const now = new Date().toISOString();
  const externalId = messageIdForCommand(connection.id, part.commandId);
  const record: MessageRecord & { ticketId: string } = {
    id: part.id ?? monotonicUlid(),
    companyId: ticket.companyId,
    connectionId: connection.id,
    contactId: contact.id,
    externalId,
    body: part.text,
    fromMe: true,
    mediaKey: part.media?.key ?? null,
    mediaType: (part.media?.kind as MessageMediaType | undefined) ?? null,
    mediaMimetype: part.media?.mimetype ?? null,
    mediaFileName: part.media?.fileName ?? null,
    ack: 0,
    read: true,
    isDeleted: false,
    editedMessage: null,
    quotedMsg: part.quoted
      ? {
          id: part.quoted.id,
          externalId: part.quoted.externalId,
          body: part.quoted.body,
          fromMe: part.quoted.fromMe,
          mediaType: part.quoted.mediaType,
        }
      : null,
    isGroup: contact.isGroup === true,
    participant: null,
    ticketId: ticket.id,
    queueId: ticket.queueId,
    clientMessageId: null,
    userId: part.userId,
    createdAt: now,
    updatedAt: now,
    pipelineDone: true,
  };
  record.clientMessageId = record.id;
  const { fresh, message } = await recordOutboundMessage(ticket, record, { counted: part.countedOnTicket === true });
  // A retry under the same key finds its message stored (`fresh` false), maybe on another ticket, and
  // redoes what follows: the first attempt may have stopped anywhere after storing it (a DynamoDB fault,
  // a timeout behind a gateway that answered 504). Each step is idempotent: index puts, the queued
  // command (collapsed by its id), the created event (consoles merge a message by id).
  const onTicket = message.ticketId ?? ticket.id;
  if (part.searchable !== false) await indexMessageText({ companyId: ticket.companyId, id: onTicket }, part.text);
  try {
    await sendOutboundCommand(connection.shard, {
      type: 'message.send',
      commandId: part.commandId,
      companyId: ticket.companyId,
      connectionId: connection.id,
      issuedAt: now,
      to: contactJid(contact),
      clientMessageId: message.id,
      ...(part.text ? { text: part.text } : {}),
      ...(part.media ? { media: part.media } : {}),
      ...(part.quoted
        ? { quoted: { externalId: part.quoted.externalId, fromMe: part.quoted.fromMe, body: part.quoted.body } }
        : {}),
    });
  } catch (err) {
    logger.error('outbound send could not be queued', { err, companyId: ticket.companyId, ticketId: ticket.id });
    await markMessageSendFailed(ticket.companyId, connection.id, externalId);
    throw new AppError('ERR_SENDING_WAPP_MSG', 500);
  }
  const after = fresh && part.countedOnTicket ? ticket : await getTicket(ticket.companyId, onTicket);
  if (!after) return message; // its ticket was deleted since: nothing to show it on
  // The caller's contact and connection are the ticket's; automatic messages are sent from the
  // inbound path, whose events may take queue names from the per-process cache (≤ 5 s old).
  const dto = await toTicketDto(after, { contact, connection, recentQueues: part.userId === null });
  await publishMessageCreated(message, contact, { record: after, dto });
  return message;
}
