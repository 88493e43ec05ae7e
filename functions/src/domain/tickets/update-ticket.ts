/**
 * PUT /tickets/{id}: every transition of spec part 1 §4 (accept, return, resolve, reopen with a
 * queue, transfer to a queue and/or user). Which one it is, and the state after it, is decided by
 * `ticketTransition` in the shared policy; this applies it as one conditional transaction (lists,
 * counters, conversation lock), retried on a concurrent change.
 */
import { maySeeQueue, ticketTransition, type TicketDto, type UpdateTicketInput } from '@atende/shared';
import { getQueueRefs } from '../../data/queues';
import { getTicket, TICKET_WRITE, type TicketRecord } from '../../data/tickets';
import { moveTicket } from '../../data/ticket-transitions';
import { getUser } from '../../data/users';
import { TransactionConditionFailed } from '../../data/transactions';
import { AppError } from '../../platform/app-error';
import { otherOpenTicket, selectQueue } from './create-ticket';
import { accessDenied, visibleTicket, type TicketActor } from './ticket-actor';
import { toTicketDto } from './ticket-dto';
import { publishTicketUpdate } from './ticket-events';
import type { TicketHooks } from './ticket-hooks';

const RETRIES = 3;

/** `hooks.onResolved` runs after a resolve (the bots' completion or rating message). */
export async function updateTicket(
  actor: TicketActor,
  ticketId: string,
  input: UpdateTicketInput,
  hooks: Pick<TicketHooks, 'onResolved'>,
): Promise<TicketDto> {
  const cid = actor.viewer.companyId;
  for (let attempt = 0; ; attempt++) {
    const before = await visibleTicket(actor, ticketId);
    if (input.whatsappId && input.whatsappId !== before.connectionId) {
      throw new AppError('ERR_VALIDATION', 400, { fields: { whatsappId: 'A conexão do ticket não pode ser trocada.' } });
    }
    const transition = ticketTransition(actor.viewer, before, input);
    if (!transition.ok) {
      if (transition.reason === 'queueRequired') throw selectQueue();
      throw new AppError('ERR_VALIDATION', 400);
    }
    if (transition.kind === 'none') return toTicketDto(before);
    await checkTargets(actor, before, transition.next, transition.kind);
    try {
      await moveTicket(before, transition.next, new Date().toISOString());
    } catch (err) {
      if (err instanceof TransactionConditionFailed && err.has(TICKET_WRITE.conversation)) throw otherOpenTicket();
      if (err instanceof TransactionConditionFailed && err.has(TICKET_WRITE.ticket) && attempt < RETRIES) continue;
      throw err;
    }
    const after = (await getTicket(cid, ticketId))!;
    const dto = await toTicketDto(after);
    await publishTicketUpdate(after, dto, before);
    if (transition.kind === 'resolve') await hooks.onResolved(after);
    return dto;
  }
}

/** The queue and user a transition names must exist in the company; operators move tickets only into queues they see. */
async function checkTargets(
  actor: TicketActor,
  before: TicketRecord,
  next: Pick<TicketRecord, 'queueId' | 'userId'>,
  kind: string,
): Promise<void> {
  const cid = actor.viewer.companyId;
  if (next.queueId && next.queueId !== before.queueId && !(await getQueueRefs(cid, [next.queueId])).length)
    throw selectQueue();
  if (next.userId && next.userId !== actor.viewer.userId && next.userId !== before.userId) {
    const user = await getUser(cid, next.userId);
    if (!user || user.status === false) throw new AppError('ERR_NO_USER_FOUND', 404);
  }
  // Reopening into a queue: only one the caller works in (transfers may go anywhere: that is their point).
  if (kind === 'reopen' && next.queueId !== before.queueId && !maySeeQueue(actor.viewer, next.queueId, actor.settings))
    throw accessDenied();
}
