/**
 * A message of a WhatsApp type the platform does not show (`notice.kind === 'unsupported'`: poll
 * votes are skipped by the session host, but orders, event invites, products, types WhatsApp adds
 * later arrive as "[Mensagem não suportada: <type>]"). It never opens or reopens a ticket: it is
 * recorded only on the conversation's open or pending ticket, so the operator talking to the customer
 * sees that something came; otherwise it is dropped (logged), and no contact is created for it.
 * No bots, no campaign confirmation (on-message-recorded.ts skips both for notices).
 * Idempotent: the message is stored attached (its conditional put is the guard); a redelivery before
 * the pipeline's last write (the message's reference) runs the tail again from the stored message.
 */
import type { ChannelEvent } from '@atende/shared';
import type { ConnectionRecord } from '../../data/connections';
import { getMessage, isMessagePipelineDone, type MessageRecord } from '../../data/messages';
import { closeReadAhead } from '../../data/read-ahead';
import { getTicket, type TicketRecord } from '../../data/tickets';
import { logger } from '../../platform/logger';
import { identityOf, namedAsTheCompanyWants } from '../contacts/channel-identity';
import { findContact } from '../contacts/find-or-create-contact';
import type { TicketBots } from '../bots/ticket-bots';
import { currentOpenTicket } from '../tickets/find-or-create-ticket';
import { attachMessageToTicket, recordMessageOnOpenTicket } from '../tickets/ticket-activity';
import { ticketSettings } from '../tickets/ticket-settings';
import { onMessageOnTicket, type RecordedMessage } from './on-message-recorded';
import { buildMessage, finishPipeline } from './record-message';

type MessageEvent = Extract<ChannelEvent, { type: 'message.received' | 'message.sent' }>;

export async function recordUnsupportedMessage(
  connection: ConnectionRecord,
  event: MessageEvent,
  bots: TicketBots,
): Promise<void> {
  const channelMessage = event.message;
  const settings = await ticketSettings(connection.companyId);
  const identity = namedAsTheCompanyWants(
    identityOf(channelMessage.contact, channelMessage.isGroup),
    settings.keepChannelNames,
  );
  const contact = await findContact(connection.companyId, identity);
  const open = contact ? await currentOpenTicket(connection, contact) : undefined;
  if (!contact || !open) return dropped(connection, event, 'no open ticket');
  const draft = await buildMessage(connection, channelMessage, contact.id);
  const recording = await recordMessageOnOpenTicket(open, draft);
  closeReadAhead();
  const landed = recording.outcome === 'recorded' ? recording : await redelivered(draft);
  if (!landed) return dropped(connection, event, recording.outcome);
  const recorded: RecordedMessage = {
    connection,
    contact,
    channelMessage,
    message: landed.message,
    direction: event.type === 'message.sent' ? 'sent' : 'received',
  };
  const landedOn = { ticket: landed.ticket, created: false, reopened: false };
  await finishPipeline({ message: landed.message, index: await onMessageOnTicket(recorded, landedOn, settings, bots) });
}

/**
 * Stored attached by an earlier delivery whose pipeline did not finish: complete its landing (the
 * ticket's activity unless counted) and go on from it; finished or unattached: nothing.
 */
async function redelivered(draft: MessageRecord): Promise<{ message: MessageRecord; ticket: TicketRecord } | undefined> {
  const stored = await getMessage(draft.companyId, draft.connectionId, draft.externalId);
  if (!stored?.ticketId || (await isMessagePipelineDone(stored))) return undefined;
  const ticket = await getTicket(draft.companyId, stored.ticketId);
  return ticket ? { message: stored, ticket: (await attachMessageToTicket(ticket, stored)).ticket } : undefined;
}

function dropped(connection: ConnectionRecord, event: MessageEvent, why: string): void {
  logger.debug('unsupported message type not recorded', {
    connectionId: connection.id,
    externalId: event.message.externalId,
    why,
  });
}
