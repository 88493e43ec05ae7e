/**
 * message.received / message.sent: contact, then the message (once per channel id), then the seam.
 * A message for an open ticket is stored already attached (no transaction: ticket-activity.ts), and
 * so is a new contact's first message, with the ticket it opens; any other goes store → find or create
 * the ticket → attach (on-message-recorded.ts).
 */
import { monotonicUlid } from '@atende/shared/ids';
import type { ChannelEvent, ChannelMessage, MediaRef, MessageMediaType } from '@atende/shared';
import type { ConnectionRecord } from '../../data/connections';
import {
  getMessage,
  insertMessageOnce,
  isMessagePipelineDone,
  markMessagePipelineDone,
  type MessageRecord,
} from '../../data/messages';
import { closeReadAhead } from '../../data/read-ahead';
import { isCompanyMediaKey } from '../../platform/storage';
import { logger } from '../../platform/logger';
import { identityOf, namedAsTheCompanyWants } from '../contacts/channel-identity';
import { findOrCreateContact } from '../contacts/find-or-create-contact';
import type { TicketBots } from '../bots/ticket-bots';
import { isCampaignCommand } from '../campaign-sending/send-shipping';
import { currentOpenTicket, newTicket } from '../tickets/find-or-create-ticket';
import { recordMessageOnNewTicket, recordMessageOnOpenTicket } from '../tickets/ticket-activity';
import { ticketSettings } from '../tickets/ticket-settings';
import { isOwnSendEcho } from './channel-event-schema';
import {
  onMessageOnTicket,
  onMessageRecorded,
  opensTickets,
  type PipelineEnd,
  type RecordedMessage,
} from './on-message-recorded';

type MessageEvent = Extract<ChannelEvent, { type: 'message.received' | 'message.sent' }>;

export async function recordChannelMessage(
  connection: ConnectionRecord,
  event: MessageEvent,
  bots: TicketBots,
): Promise<void> {
  const channelMessage = event.message;
  // Campaign sends open no ticket (send-shipping.ts): their echo is not recorded either.
  if (isOwnSendEcho(event) && isCampaignCommand(channelMessage.clientMessageId)) return;
  if (isOwnSendEcho(event) && (await alreadyRecorded(connection, channelMessage.externalId))) return;
  const { keepChannelNames } = await ticketSettings(connection.companyId);
  const { contact, created: contactCreated } = await findOrCreateContact(
    connection.companyId,
    namedAsTheCompanyWants(identityOf(channelMessage.contact, channelMessage.isGroup), keepChannelNames),
  );
  const draft = await buildMessage(connection, channelMessage, contact.id);
  const recorded = { connection, contact, channelMessage, direction: directionOf(event), contactCreated };
  const direct = await recordAttachedDirectly({ ...recorded, message: draft }, bots);
  if (direct === 'done') return;
  // A redelivery already showed itself (the message is stored): read it instead of trying the insert again.
  const stored =
    direct === 'duplicate' ? await getMessage(draft.companyId, draft.connectionId, draft.externalId) : undefined;
  const { created, message } = stored ? { created: false, message: stored } : await insertMessageOnce(draft);
  if (!created && (await isMessagePipelineDone(message))) {
    logger.debug('duplicate channel message dropped', {
      connectionId: connection.id,
      externalId: channelMessage.externalId,
    });
    return;
  }
  await finishPipeline(await onMessageRecorded({ ...recorded, message }, bots));
}

/**
 * The pipeline's last write, once the realtime event, the bots and the campaign step ran: the
 * message's by-id reference (its presence says "landed" and "pipeline done") with the search entries
 * of its words, one BatchWriteItem (data/messages.ts `markMessagePipelineDone`).
 */
export async function finishPipeline({ message, index }: PipelineEnd): Promise<void> {
  await markMessagePipelineDone(message, index?.items);
  index?.written();
}

/**
 * The echo of a send the platform asked for (`isOwnSendEcho`) was recorded before the command was
 * queued (outbound-message.ts), so one read settles it, without resolving the contact or trying the
 * insert. Should it be missing, the general path records it.
 */
async function alreadyRecorded(connection: ConnectionRecord, externalId: string): Promise<boolean> {
  const stored = await getMessage(connection.companyId, connection.id, externalId);
  return !!stored && (await isMessagePipelineDone(stored));
}

/**
 * The common cases, each stored already attached (ticket-activity.ts), after which the pipeline goes on from the ticket ('done'):
 * the conversation's ticket is open, so the message is stored already attached
 * (`recordMessageOnOpenTicket`); or the event created the contact, so the message is stored with the
 * ticket it opens (`recordMessageOnNewTicket`).
 * 'duplicate': the message was already stored (a redelivery, or the echo of a message we sent).
 * 'general': a message of ours (fromMe), no open ticket, a group the company ignores, the ticket
 * closed meanwhile, or a new contact's conversation opened meanwhile by a concurrent event. In both
 * cases nothing was written and the general path (store, find or create the ticket, attach) decides.
 */
async function recordAttachedDirectly(draft: RecordedMessage, bots: TicketBots): Promise<'done' | 'duplicate' | 'general'> {
  const { connection, contact } = draft;
  // Ours is usually the echo of a message the API or a bot already stored: the plain insert finds it cheaper.
  if (draft.message.fromMe) return 'general';
  const settings = await ticketSettings(connection.companyId);
  if (!opensTickets(contact, settings)) return 'general';
  // A contact this event created has no conversation yet: its first ticket opens with the message,
  // stored as the bots' replies decided beforehand will leave it.
  const opening = draft.contactCreated ? await openNewTicket(draft, bots) : undefined;
  const recording = opening
    ? await recordMessageOnNewTicket(opening.ticket, draft.message, opening.repliesFirst)
    : await recordOnCurrentTicket(draft);
  if (recording.outcome === 'duplicate') return 'duplicate';
  if (recording.outcome !== 'recorded') return 'general';
  closeReadAhead(); // the reads the batch made ahead were for finding the contact and ticket
  const index = await onMessageOnTicket(
    { ...draft, message: recording.message },
    { ticket: recording.ticket, created: !!opening, reopened: false },
    settings,
    bots,
    opening?.replies,
  );
  await finishPipeline({ message: recording.message, index });
  return 'done';
}

/**
 * A new contact's ticket, and the replies its first message gets, decided before it is stored
 * (`OpeningReplies`): the ticket is stored in the queue and menu state they put it in.
 */
async function openNewTicket({ connection, contact, message }: RecordedMessage, bots: TicketBots) {
  const born = await newTicket(connection, contact, message);
  const replies = await bots.openingReplies?.({ connection, contact, ticket: born, message });
  const ticket = replies ? { ...born, ...replies.ticketChanges } : born;
  const lastReply = replies?.replies.at(-1);
  return { ticket, replies, repliesFirst: lastReply && replies ? { lastReply, at: replies.at } : undefined };
}

async function recordOnCurrentTicket({ connection, contact, message }: RecordedMessage) {
  const open = await currentOpenTicket(connection, contact);
  return open ? recordMessageOnOpenTicket(open, message) : ({ outcome: 'noOpenTicket' } as const);
}

const directionOf = (event: MessageEvent): RecordedMessage['direction'] =>
  event.type === 'message.sent' ? 'sent' : 'received';

export async function buildMessage(
  connection: ConnectionRecord,
  m: ChannelMessage,
  contactId: string,
): Promise<MessageRecord> {
  const { companyId, id: connectionId } = connection;
  const media = acceptedMedia(companyId, m.media);
  const quoted = m.quotedExternalId ? await getMessage(companyId, connectionId, m.quotedExternalId) : undefined;
  const participant = m.isGroup && m.participant ? identityOf(m.participant, false) : undefined;
  const now = new Date().toISOString();
  return {
    id: monotonicUlid(),
    companyId,
    connectionId,
    contactId,
    externalId: m.externalId,
    body: m.body,
    fromMe: m.fromMe,
    mediaKey: media?.key ?? null,
    mediaType: (media?.kind as MessageMediaType | undefined) ?? null,
    mediaMimetype: media?.mimetype ?? null,
    mediaFileName: media?.fileName ?? null,
    ack: 0,
    read: m.fromMe,
    isDeleted: false,
    editedMessage: null,
    quotedMsg: quoted
      ? {
          id: quoted.id,
          externalId: quoted.externalId,
          body: quoted.body,
          fromMe: quoted.fromMe,
          mediaType: quoted.mediaType,
        }
      : null,
    isGroup: m.isGroup,
    participant: participant
      ? { number: participant.number ?? '', name: participant.name ?? participant.number ?? '' }
      : null,
    ticketId: null,
    queueId: null,
    clientMessageId: m.clientMessageId ?? null,
    ...(m.notice ? { notice: m.notice } : {}),
    createdAt: new Date(m.timestamp).toISOString(),
    updatedAt: now,
  };
}

/** Media must live under the company's own S3 prefix; anything else is dropped (and logged), the text kept. */
function acceptedMedia(companyId: string, media: MediaRef | undefined): MediaRef | undefined {
  if (!media) return undefined;
  if (isCompanyMediaKey(companyId, media.key)) return media;
  logger.warn('media key outside the company prefix dropped', { companyId });
  return undefined;
}
