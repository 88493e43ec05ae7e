/**
 * DELETE /messages/{id} (spec part 1 §4): own messages only, while the ticket is open
 * (`mayDeleteMessage`). Marked deleted at once (the consoles update), and the channel is asked to
 * delete it for everyone; the channel's own `message.deleted` echo is then a no-op.
 */
import { ulid } from '@atende/shared/ids';
import { mayDeleteMessage, type MessageDto } from '@atende/shared';
import { getConnection } from '../../data/connections';
import { getContact } from '../../data/contacts';
import { getMessage, getMessageRef, markMessageDeleted } from '../../data/messages';
import { AppError } from '../../platform/app-error';
import { sendOutboundCommand } from '../../platform/queues';
import { contactJid } from '../contacts/channel-identity';
import { accessDenied, visibleTicket, type TicketActor } from '../tickets/ticket-actor';
import { toMessageDto } from './message-dto';
import { publishMessageUpdated } from './message-events';

export async function deleteTicketMessage(actor: TicketActor, messageId: string): Promise<MessageDto> {
  const cid = actor.viewer.companyId;
  const ref = await getMessageRef(cid, messageId); // AP-M3
  const message = ref ? await getMessage(cid, ref.connectionId, ref.externalId) : undefined; // AP-M1
  if (!ref || !message) throw new AppError('ERR_NO_REGISTER_FOUND', 404);
  const ticket = await visibleTicket(actor, ref.ticketId);
  if (!mayDeleteMessage(actor.viewer, { userId: message.userId ?? null, fromMe: message.fromMe }, ticket))
    throw accessDenied();
  if (message.isDeleted) return toMessageDto(message);
  const [connection, contact] = await Promise.all([
    getConnection(cid, ticket.connectionId),
    getContact(cid, ticket.contactId),
  ]);
  if (!connection || !contact) throw new AppError('ERR_DELETE_WAPP_MSG', 400);
  await sendOutboundCommand(connection.shard, {
    type: 'message.delete',
    commandId: ulid(),
    companyId: cid,
    connectionId: connection.id,
    issuedAt: new Date().toISOString(),
    to: contactJid(contact),
    externalId: message.externalId,
    fromMe: true,
  }).catch(() => {
    throw new AppError('ERR_DELETE_WAPP_MSG', 500);
  });
  const deleted = (await markMessageDeleted(cid, message.connectionId, message.externalId)) ?? {
    ...message,
    isDeleted: true,
  };
  await publishMessageUpdated(deleted, contact);
  return toMessageDto(deleted);
}
