/**
 * THE seam after a channel message is stored: find or create its ticket (conversation lock), attach
 * the message (unread +1 for customer messages, last message), tell the consoles that may see the
 * ticket, then hand over to the bots its caller passed (domain/bots/ticket-bots.ts); the message as
 * it now is and the search index items of its words go back to the caller, which writes them with
 * the message's by-id reference, the pipeline's last write (record-message.ts `finishPipeline`).
 *
 * Contract: it may run MORE THAN ONCE for the same message (an SQS redelivery after a crash between
 * recording and that last write), so every step is idempotent: a message already attached keeps its
 * ticket and counts nothing twice; index writes are idempotent Puts.
 * Groups open no ticket when CheckMsgIsGroup is enabled (the message stays recorded, admins see it).
 */
import type { ChannelMessage } from '@atende/shared';
import type { ConnectionRecord } from '../../data/connections';
import type { ContactRecord } from '../../data/contacts';
import type { MessageRecord } from '../../data/messages';
import { closeReadAhead } from '../../data/read-ahead';
import { getTicket } from '../../data/tickets';
import type { OpeningReplies, TicketBots } from '../bots/ticket-bots';
import { answerCampaignConfirmations } from '../campaign-sending/confirmation';
import { publishMessageCreated } from '../messages/message-events';
import { findOrCreateTicket, newToTheBots, type TicketForMessage } from '../tickets/find-or-create-ticket';
import { attachMessageToTicket, messageTextIndex, type MessageTextIndex } from '../tickets/ticket-activity';
import { toTicketDto } from '../tickets/ticket-dto';
import { publishTicketUpdate } from '../tickets/ticket-events';
import { ticketSettings, type TicketSettings } from '../tickets/ticket-settings';
import { rememberTicket } from './known-tickets';

export interface RecordedMessage {
  connection: ConnectionRecord;
  contact: ContactRecord;
  message: MessageRecord;
  /** The message as the channel described it (group participant, quoted id …). */
  channelMessage: ChannelMessage;
  direction: 'received' | 'sent';
  /** The event created the contact: it has no conversation (nor ticket) yet, so its first ticket opens with the message. */
  contactCreated?: boolean;
}

/** Where the pipeline left a channel message, for its last write: the message (on its ticket, when it opens one) and its words. */
export interface PipelineEnd {
  message: MessageRecord;
  index?: MessageTextIndex;
}

export async function onMessageRecorded(recorded: RecordedMessage, bots: TicketBots): Promise<PipelineEnd> {
  const { connection, contact, message } = recorded;
  const settings = await ticketSettings(connection.companyId);
  if (!opensTickets(contact, settings)) {
    await publishMessageCreated(message, contact);
    return { message };
  }
  const found = await ticketOf(recorded, bots);
  closeReadAhead(); // what the batch read ahead was for finding the contact and ticket; from here on, read the table
  const { ticket } = await attachMessageToTicket(found.ticket, message);
  const index = await onMessageOnTicket(recorded, { ...found, ticket }, settings, bots);
  return { message: { ...message, ticketId: ticket.id, queueId: ticket.queueId }, index };
}

/** Groups open no ticket when the company ignores them (CheckMsgIsGroup). */
export const opensTickets = (contact: ContactRecord, settings: TicketSettings) =>
  !(contact.isGroup && settings.ignoreGroups);

/**
 * The message is on its ticket (attached and counted): tell the consoles, then the bots. Answers the
 * search index items of its words, which the caller writes with the message's by-id reference (one
 * write for both; a redelivery before it runs all of this again, and the Puts are idempotent).
 * `landed.ticket` is the ticket as the attaching write left it; `opening`, the bots' replies decided
 * before a new ticket was stored (it counted them already).
 */
export async function onMessageOnTicket(
  recorded: RecordedMessage,
  landed: TicketForMessage,
  settings: TicketSettings,
  bots: TicketBots,
  opening?: OpeningReplies,
): Promise<MessageTextIndex> {
  const { connection, contact, message } = recorded;
  const { ticket } = landed;
  rememberTicket(ticket); // the next batch reads it with the conversation pointer (read-ahead-batch.ts)
  const onTicket = { ...message, ticketId: ticket.id, queueId: ticket.queueId };
  const dto = await toTicketDto(ticket, { contact, connection, recentQueues: true });
  await publishMessageCreated(onTicket, contact, { record: ticket, dto });
  if (landed.created || landed.reopened) await publishTicketUpdate(ticket, dto);
  // A missed call or an unsupported type is not something the customer wrote: no bot answers it, no campaign reads it.
  if (message.notice) return messageTextIndex(ticket, message.body);
  // A contact's message answers a campaign's confirmation request (one cached read unless one is awaited).
  if (recorded.direction === 'received' && !contact.isGroup)
    await answerCampaignConfirmations(connection.companyId, connection.id, contact.number);
  await bots.onTicketMessage({
    connection,
    contact,
    ticket,
    message: onTicket,
    direction: recorded.direction,
    ticketCreated: landed.created,
    ticketReopened: landed.reopened,
    settings,
    ...(opening ? { opening } : {}),
  });
  return messageTextIndex(ticket, message.body);
}

/**
 * A redelivered message already attached keeps its ticket. A ticket this very message opened (it took
 * the message's id: record-message.ts `openNewTicket`, find-or-create-ticket.ts) or reopened
 * (`reopenedBy`) is still new to the bots: a pipeline cut short after storing it greets on the
 * redelivery (the replies are keyed by the message: none is sent twice).
 */
async function ticketOf({ connection, contact, message }: RecordedMessage, bots: TicketBots): Promise<TicketForMessage> {
  const attachedTo = message.ticketId ? await getTicket(connection.companyId, message.ticketId) : undefined;
  if (attachedTo) return { ticket: attachedTo, ...newToTheBots(attachedTo, message) };
  return findOrCreateTicket(connection, contact, message, bots);
}
