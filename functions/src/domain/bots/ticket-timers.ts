/**
 * Timers of the ticket workspace (issue 9), driven by the due-work index — never by a job that reads
 * every open ticket:
 * - auto-transfer: a pending ticket nobody accepted within the connection's `timeToTransfer` minutes
 *   moves to its `transferQueueId`;
 * - auto-close: a ticket without messages for the company's `autoCloseTicketsMinutes` (spec part 1 §4:
 *   2 hours) is closed with the inactivity message.
 * Each ticket has at most one entry per timer; when it fires too early (the conversation went on),
 * it re-schedules itself at the new deadline. Handlers are idempotent: they re-read the ticket and act
 * only when the condition still holds; the inactivity message's command id is unique per close.
 */
import { MS_PER_DAY } from '@atende/shared';
import { getConnection } from '../../data/connections';
import { getContact } from '../../data/contacts';
import type { DueJob } from '../../data/due-work';
import { getSetting } from '../../data/settings';
import { getTicket, type TicketRecord } from '../../data/tickets';
import { moveTicket } from '../../data/ticket-transitions';
import { sendOutboundPart } from '../messages/outbound-message';
import { scheduleDueWork } from '../scheduler/due-work';
import { toTicketDto } from '../tickets/ticket-dto';
import { publishTicketUpdate } from '../tickets/ticket-events';
import { AUTO_CLOSE_SETTING, DEFAULT_AUTO_CLOSE_MINUTES, minutesSetting, ticketSettings } from '../tickets/ticket-settings';

export const AUTO_TRANSFER_JOB = 'ticket.autoTransfer';
export const AUTO_CLOSE_JOB = 'ticket.autoClose';
export const INACTIVITY_MESSAGE_SETTING = 'inactivityMessage';
export const DEFAULT_INACTIVITY_MESSAGE =
  'Seu atendimento foi encerrado por inatividade. Se precisar, é só mandar uma nova mensagem.';

const minutes = (n: number) => n * 60_000;
const jobOf = (ticket: TicketRecord, jobType: string, at: number): DueJob => ({
  companyId: ticket.companyId,
  jobType,
  jobId: ticket.id,
  dueAt: new Date(at).toISOString(),
});

/** The job judges the setting as it is now; a new ticket's timer takes the cached copy (ticket-settings.ts). */
const autoCloseMinutes = async (companyId: string): Promise<number> =>
  minutesSetting(await getSetting(companyId, AUTO_CLOSE_SETTING), DEFAULT_AUTO_CLOSE_MINUTES);

/** Called when a customer's message created or reopened a ticket. */
export async function startTicketTimers(
  ticket: TicketRecord,
  connection: { timeToTransfer?: number | null; transferQueueId?: string | null },
): Promise<void> {
  const now = Date.now();
  if (connection.timeToTransfer && connection.transferQueueId) {
    await scheduleDueWork(jobOf(ticket, AUTO_TRANSFER_JOB, now + minutes(connection.timeToTransfer)));
  }
  const closeAfter = (await ticketSettings(ticket.companyId)).autoCloseMinutes;
  if (closeAfter > 0) await scheduleDueWork(jobOf(ticket, AUTO_CLOSE_JOB, now + minutes(closeAfter)));
}

async function moveAndPublish(
  ticket: TicketRecord,
  next: Pick<TicketRecord, 'status' | 'userId' | 'queueId'>,
): Promise<TicketRecord> {
  await moveTicket(ticket, next, new Date().toISOString());
  const after = (await getTicket(ticket.companyId, ticket.id))!;
  await publishTicketUpdate(after, await toTicketDto(after), ticket);
  return after;
}

export async function runAutoTransfer(job: DueJob): Promise<void> {
  const ticket = await getTicket(job.companyId, job.jobId);
  if (!ticket || ticket.status !== 'pending' || ticket.userId) return;
  const connection = await getConnection(ticket.companyId, ticket.connectionId);
  const target = connection?.transferQueueId;
  if (!target || ticket.queueId === target) return;
  await moveAndPublish(ticket, { status: 'pending', userId: null, queueId: target });
}

export async function runAutoClose(job: DueJob): Promise<void> {
  const ticket = await getTicket(job.companyId, job.jobId);
  if (!ticket || ticket.status === 'closed') return;
  const closeAfter = await autoCloseMinutes(ticket.companyId);
  if (closeAfter <= 0) return;
  const lastActivity = Date.parse(ticket.lastMessageAt ?? ticket.updatedAt);
  const deadline = lastActivity + minutes(closeAfter);
  if (deadline > Date.now() + 30_000) {
    // The conversation went on: wait for the new deadline (bounded, in case of a broken clock).
    await scheduleDueWork(jobOf(ticket, AUTO_CLOSE_JOB, Math.min(deadline, Date.now() + 30 * MS_PER_DAY)));
    return;
  }
  const [connection, contact, text] = await Promise.all([
    getConnection(ticket.companyId, ticket.connectionId),
    getContact(ticket.companyId, ticket.contactId),
    getSetting(ticket.companyId, INACTIVITY_MESSAGE_SETTING),
  ]);
  const message = text ?? DEFAULT_INACTIVITY_MESSAGE;
  if (connection && contact && message.trim() && !ticket.isGroup) {
    await sendOutboundPart(ticket, connection, contact, {
      commandId: `autoclose:${ticket.id}:${ticket.lastMessageAt ?? ticket.updatedAt}`,
      text: message,
      userId: null,
    });
  }
  const fresh = (await getTicket(ticket.companyId, ticket.id))!;
  if (fresh.status !== 'closed')
    await moveAndPublish(fresh, { status: 'closed', userId: fresh.userId, queueId: fresh.queueId });
}
