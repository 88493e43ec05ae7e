/**
 * POST /tickets (the new-ticket modal, spec part 1 §5 "New ticket"): a queue unless admin
 * ('Selecione uma fila'); one active ticket per contact and connection (ERR_OTHER_OPEN_TICKET,
 * enforced by the same conversation lock the inbound path takes).
 */
import {
  mayAssignTicketTo,
  maySeeQueue,
  TICKET_MSG,
  ticketNeedsQueue,
  type CreateTicketInput,
  type TicketDto,
} from '@atende/shared';
import { findDefaultConnection, getConnection } from '../../data/connections';
import { getContact } from '../../data/contacts';
import { getQueueRefs } from '../../data/queues';
import { TICKET_WRITE } from '../../data/tickets';
import { conversationTicket } from './conversation-ticket';
import { newTicket } from './find-or-create-ticket';
import { insertTicket } from '../../data/ticket-transitions';
import { getUser } from '../../data/users';
import { TransactionConditionFailed } from '../../data/transactions';
import { AppError } from '../../platform/app-error';
import { accessDenied, type TicketActor } from './ticket-actor';
import { toTicketDto } from './ticket-dto';
import { publishTicketUpdate } from './ticket-events';

export const otherOpenTicket = () => new AppError('ERR_OTHER_OPEN_TICKET', 400);
export const selectQueue = () => new AppError('ERR_VALIDATION', 400, { fields: { queueId: TICKET_MSG.selectQueue } });

export async function createTicket(actor: TicketActor, input: CreateTicketInput): Promise<TicketDto> {
  const { viewer } = actor;
  const cid = viewer.companyId;
  const queueId = input.queueId ?? null;
  const userId = input.status === 'pending' ? null : (input.userId ?? viewer.userId);
  if (!queueId && ticketNeedsQueue(viewer)) throw selectQueue();
  if (!mayAssignTicketTo(viewer, userId)) throw accessDenied();
  if (queueId && !maySeeQueue(viewer, queueId, actor.settings)) throw accessDenied();
  const [contact, connection, queues, user] = await Promise.all([
    getContact(cid, input.contactId),
    input.whatsappId ? getConnection(cid, input.whatsappId) : findDefaultConnection(cid),
    queueId ? getQueueRefs(cid, [queueId]) : Promise.resolve([]),
    userId && userId !== viewer.userId ? getUser(cid, userId) : Promise.resolve(true),
  ]);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
  if (!connection) throw new AppError(input.whatsappId ? 'ERR_NO_WAPP_FOUND' : 'ERR_NO_DEF_WAPP_FOUND', 404);
  if (queueId && !queues.length) throw selectQueue();
  if (!user) throw new AppError('ERR_NO_USER_FOUND', 404);

  const { pointer } = await conversationTicket(cid, connection.id, contact.id); // AP-T3
  if (pointer?.active) throw otherOpenTicket();
  const ticket = await newTicket(connection, contact, undefined, { queueId, userId });
  try {
    await insertTicket(ticket, pointer?.ticketId ?? null);
  } catch (err) {
    if (err instanceof TransactionConditionFailed && err.has(TICKET_WRITE.conversation)) throw otherOpenTicket();
    throw err;
  }
  const dto = await toTicketDto(ticket);
  await publishTicketUpdate(ticket, dto);
  return dto;
}
