/**
 * The schedules API (spec part 1 §4 "Scheduled message", §5 "Schedule", §7; part 3 "/schedules").
 * Every schedule is written next to its `schedule.send` entry on the due index (send-scheduled-message.ts);
 * a new time moves the entry, a delete takes it off. Rules: shared/src/policy/schedules.ts.
 */
import { ulid } from '@atende/shared/ids';
import {
  PAGE_SIZE,
  type CreateScheduleInput,
  type ListSchedulesQuery,
  type ScheduleDto,
  type ScheduleListAnswer,
  type UpdateScheduleInput,
} from '@atende/shared';
import { getContact } from '../../data/contacts';
import { decodeCursor, encodeCursor } from '../../data/paging';
import {
  deleteSchedule,
  getSchedule,
  insertSchedule,
  isScheduleCursorOf,
  listCompanySchedules,
  listContactSchedules,
  updateUnsentSchedule,
  type ScheduleRecord,
} from '../../data/schedules';
import { AppError } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import { cancelDueWork, scheduleDueWork } from '../scheduler/due-work';
import { ticketActor, visibleTicket } from '../tickets/ticket-actor';
import { alreadySent, editableSchedule, ownSchedule, scheduleNotFound } from './schedule-access';
import { toScheduleDto, toScheduleDtos } from './schedule-dto';
import { publishScheduleDeleted, publishScheduleUpdated } from './schedule-events';
import { sendJobOf } from './schedule-job';
import { indexScheduleWords, scheduleTokens, searchSchedules, unindexScheduleWords } from './schedule-search';

const dueRefOf = (s: ScheduleRecord) => ({ job: sendJobOf(s), minute: s.dueMinute });

async function publishUpdated(s: ScheduleRecord): Promise<ScheduleDto> {
  const dto = await toScheduleDto(s);
  await publishScheduleUpdated(s.companyId, dto);
  return dto;
}

export async function createSchedule(auth: AccessClaims, input: CreateScheduleInput): Promise<ScheduleDto> {
  const cid = auth.companyId;
  const contact = await getContact(cid, input.contactId);
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
  const ticketId = input.ticketId ?? null;
  if (ticketId) {
    // From a ticket: the caller must see it, and it must be this contact's.
    const ticket = await visibleTicket(await ticketActor(auth), ticketId);
    if (ticket.contactId !== contact.id)
      throw new AppError('ERR_VALIDATION', 400, { fields: { ticketId: 'not this contact' } });
  }
  const now = new Date().toISOString();
  const schedule: ScheduleRecord = {
    id: ulid(),
    companyId: cid,
    contactId: contact.id,
    ticketId,
    userId: auth.userId,
    body: input.body,
    sendAt: new Date(input.sendAt).toISOString(),
    sentAt: null,
    status: 'PENDENTE',
    error: null,
    dueMinute: 0,
    media: [],
    searchTokens: scheduleTokens(input.body, contact),
    createdAt: now,
    updatedAt: now,
  };
  // Indexes first: a crash after them leaves a due entry whose job finds no schedule (and does
  // nothing) and search words that lead nowhere (skipped).
  schedule.dueMinute = (await scheduleDueWork(sendJobOf(schedule))).minute;
  await indexScheduleWords(cid, schedule.id, schedule.searchTokens!);
  await insertSchedule(schedule);
  return publishUpdated(schedule);
}

export async function updateSchedule(auth: AccessClaims, id: string, input: UpdateScheduleInput): Promise<ScheduleDto> {
  const before = await editableSchedule(auth, id);
  const body = input.body ?? before.body;
  const searchTokens = scheduleTokens(body, await getContact(before.companyId, before.contactId));
  const sendAt = input.sendAt ? new Date(input.sendAt).toISOString() : before.sendAt;
  const moved = sendAt !== before.sendAt;
  const now = new Date().toISOString();
  const dueMinute = moved ? (await scheduleDueWork(sendJobOf({ ...before, sendAt }))).minute : before.dueMinute;
  await indexScheduleWords(before.companyId, id, searchTokens, before.searchTokens);
  // A failed schedule edited by a person is tried again.
  const after = await updateUnsentSchedule(before, {
    body,
    sendAt,
    dueMinute,
    status: 'PENDENTE',
    error: null,
    searchTokens,
    updatedAt: now,
  });
  if (!after) throw alreadySent(); // sent meanwhile: the new entry's job will find it sent
  if (moved && before.dueMinute !== dueMinute) await cancelDueWork(dueRefOf(before));
  await unindexScheduleWords(before.companyId, id, before.searchTokens, searchTokens);
  return publishUpdated(after);
}

export async function removeSchedule(auth: AccessClaims, id: string): Promise<void> {
  const schedule = await ownSchedule(auth, id);
  await deleteSchedule(schedule.companyId, schedule.id);
  if (!schedule.sentAt) await cancelDueWork(dueRefOf(schedule));
  await unindexScheduleWords(schedule.companyId, schedule.id, schedule.searchTokens);
  await publishScheduleDeleted(schedule.companyId, schedule.id);
}

export async function showSchedule(auth: AccessClaims, id: string): Promise<ScheduleDto> {
  const schedule = await getSchedule(auth.companyId, id); // AP-SC1
  if (!schedule) throw scheduleNotFound();
  return toScheduleDto(schedule);
}

/**
 * O(page): the company's list by send time (AP-SC2), one contact's (AP-SC3) or a search (AP-SX1);
 * a cursor is honoured only for the same list (`pageNumber` is accepted; paging is by cursor).
 */
export async function listSchedules(auth: AccessClaims, query: ListSchedulesQuery): Promise<ScheduleListAnswer> {
  const cid = auth.companyId;
  if (query.searchParam && !query.contactId) return searchSchedules(cid, query);
  const decoded = decodeCursor(query.cursor);
  const after = decoded && isScheduleCursorOf(cid, query.contactId, decoded) ? decoded : undefined;
  const page = { limit: PAGE_SIZE, after };
  const out = query.contactId
    ? await listContactSchedules(cid, query.contactId, page)
    : await listCompanySchedules(cid, page);
  const cursor = encodeCursor(out.next);
  return {
    schedules: await toScheduleDtos(cid, out.schedules),
    hasMore: Boolean(out.next),
    ...(cursor ? { cursor } : {}),
  };
}
