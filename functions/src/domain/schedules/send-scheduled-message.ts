/**
 * The `schedule.send` due job: a scheduled message leaves through the outbound queue at its time,
 * never twice.
 * - The job carries the schedule's `sendAt`; an entry left from before an edit (queued by the tick
 *   before the edit took it off) finds a different time and does nothing.
 * - The outbound parts' command ids come from the schedule's id (the text) and from each
 *   attachment's S3 key (one message per file, after the text), so a redelivered or retried job
 *   records no second message and queues commands the session host collapses (outbound-message.ts),
 *   even if the attachments changed between two attempts; `sentAt` is then set once, conditionally.
 * - The conversation: the schedule's ticket while it is still active, otherwise the contact's
 *   active ticket on that ticket's connection (or the default one), reopened or started as for a
 *   customer's message (find-or-create-ticket.ts).
 * Nothing to send to (contact or connection gone) is final: status ERRO, no retry. Anything else
 * throws, and the dispatch queue retries.
 */
import { mediaKindOf } from '@atende/shared';
import type { DueJob } from '../../data/due-work';
import { findDefaultConnection, getConnection, type ConnectionRecord } from '../../data/connections';
import { getContact } from '../../data/contacts';
import {
  getSchedule,
  markScheduleSent,
  updateUnsentSchedule,
  type ScheduleMediaRecord,
  type ScheduleRecord,
} from '../../data/schedules';
import { getTicket, type TicketRecord } from '../../data/tickets';
import { logger } from '../../platform/logger';
import { sendOutboundPart } from '../messages/outbound-message';
import { findOrCreateTicket } from '../tickets/find-or-create-ticket';
import { noTicketHooks } from '../tickets/ticket-hooks';
import { toScheduleDto } from './schedule-dto';
import { publishScheduleUpdated } from './schedule-events';

/** The outbound command id: one per schedule, whatever the number of attempts. */
export const scheduleCommandId = (s: Pick<ScheduleRecord, 'id'>) => `schedule:${s.id}`;
/** One per attachment: its key's own ULID part (`…/<ulid>-<name>`), stable whatever else changes. */
export const scheduleMediaCommandId = (s: Pick<ScheduleRecord, 'id'>, media: ScheduleMediaRecord) =>
  `schedule:${s.id}:${media.key.split('/').pop()!.split('-')[0]}`;

export async function runScheduledSend(job: DueJob): Promise<void> {
  const schedule = await getSchedule(job.companyId, job.jobId);
  if (!schedule || schedule.sentAt || schedule.status === 'ERRO') return;
  if (Date.parse(schedule.sendAt) !== Date.parse(job.dueAt)) return; // moved: its new entry sends it
  const contact = await getContact(schedule.companyId, schedule.contactId);
  const origin = schedule.ticketId ? await getTicket(schedule.companyId, schedule.ticketId) : undefined;
  const connection = origin
    ? await getConnection(schedule.companyId, origin.connectionId)
    : await findDefaultConnection(schedule.companyId);
  if (!contact || !connection) return fail(schedule, !contact ? 'contact not found' : 'no connection');

  const ticket = await conversationFor(origin, connection, contact, schedule.body);
  await sendOutboundPart(ticket, connection, contact, {
    commandId: scheduleCommandId(schedule),
    text: schedule.body,
    userId: schedule.userId,
  });
  for (const media of schedule.media ?? []) {
    await sendOutboundPart(ticket, connection, contact, {
      commandId: scheduleMediaCommandId(schedule, media),
      text: '',
      media: {
        kind: mediaKindOf(media.mimetype),
        key: media.key,
        mimetype: media.mimetype,
        fileName: media.originalName,
        sizeBytes: media.size,
      },
      userId: schedule.userId,
    });
  }
  if (await markScheduleSent(schedule.companyId, schedule.id, new Date().toISOString())) {
    const sent = await getSchedule(schedule.companyId, schedule.id);
    if (sent) await publishScheduleUpdated(sent.companyId, await toScheduleDto(sent));
  }
}

async function conversationFor(
  origin: TicketRecord | undefined,
  connection: ConnectionRecord,
  contact: NonNullable<Awaited<ReturnType<typeof getContact>>>,
  body: string,
): Promise<TicketRecord> {
  if (origin && origin.status !== 'closed' && origin.contactId === contact.id) return origin;
  // No hooks: the company's own scheduled text is never taken for the customer's answer to a rating question.
  return (await findOrCreateTicket(connection, contact, { fromMe: false, body }, noTicketHooks)).ticket;
}

async function fail(schedule: ScheduleRecord, reason: string): Promise<void> {
  logger.warn('scheduled message not sent', { companyId: schedule.companyId, scheduleId: schedule.id, reason });
  const failed = await updateUnsentSchedule(schedule, {
    status: 'ERRO',
    error: reason,
    updatedAt: new Date().toISOString(),
  });
  if (failed) await publishScheduleUpdated(failed.companyId, await toScheduleDto(failed));
}
