/**
 * Scheduled messages (spec part 1 §3 "Schedule", §4 "Scheduled message", §5 "Schedule", §7 "Contacts
 * and schedules"; part 3 "/schedules"): a message to a contact at a later time, sent through the
 * outbound queue when it falls due.
 */
import * as z from '../zod';
import { cursorSchema, idSchema, MSG, pageNumberSchema, searchParamSchema } from './common';
import { attachmentFileSchema, attachmentNameSchema } from './attachments';
import type { UploadTicket } from './messages';

/** Spec: the dialog title shows the status, 'Erro de Envio' for ERRO; the list capitalises it. */
export const SCHEDULE_STATUSES = ['PENDENTE', 'ENVIADA', 'ERRO'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** At least 5 characters ('Mensagem muito curta', spec part 1 §5). */
export const MIN_SCHEDULE_BODY = 5;
export const MAX_SCHEDULE_BODY = 4096;
/** Not in the spec: how far ahead a message may be scheduled (decisions.md "Schedules and ticket tags"). */
export const MAX_SCHEDULE_AHEAD_DAYS = 366;

export const SCHEDULE_MSG = {
  bodyTooShort: 'validation.schedule.bodyTooShort',
  sendAtInvalid: 'validation.schedule.sendAtInvalid',
  alreadySent: 'validation.schedule.alreadySent',
} as const;

const bodySchema = z
  .string({ error: MSG.required })
  .check(
    z.trim(),
    z.minLength(1, MSG.required),
    z.minLength(MIN_SCHEDULE_BODY, SCHEDULE_MSG.bodyTooShort),
    z.maxLength(MAX_SCHEDULE_BODY, MSG.tooLong),
  );

/** An instant with its offset (the console sends ISO UTC); never more than a year ahead. */
const sendAtSchema = z.iso.datetime({ offset: true, error: SCHEDULE_MSG.sendAtInvalid }).check(
  // A malformed value (NaN) passes here: the format check has already said so.
  z.refine((v: string) => !(Date.parse(v) > Date.now() + MAX_SCHEDULE_AHEAD_DAYS * 86_400_000), SCHEDULE_MSG.sendAtInvalid),
);

/** POST /schedules. `ticketId` when made from a ticket: the message goes to that conversation. */
export const createScheduleSchema = z.object({
  body: bodySchema,
  contactId: z.string({ error: MSG.required }).check(z.minLength(1, MSG.required), z.maxLength(64)),
  sendAt: sendAtSchema,
  ticketId: z.optional(z.nullable(idSchema)),
});
export type CreateScheduleInput = z.infer<typeof createScheduleSchema>;

/** PUT /schedules/{id}: body and/or time (the contact stays). Refused once sent. */
export const updateScheduleSchema = z.object({
  body: z.optional(bodySchema),
  sendAt: z.optional(sendAtSchema),
});
export type UpdateScheduleInput = z.infer<typeof updateScheduleSchema>;

/**
 * GET /schedules: the company's schedules by send time, latest first (the /schedules page);
 * `contactId` narrows to one contact (the ticket's schedule action), soonest first; `searchParam`
 * finds schedules by a word of the body or of the contact's name or number. All O(page).
 */
export const listSchedulesQuerySchema = z.object({
  contactId: z.optional(idSchema),
  searchParam: searchParamSchema,
  pageNumber: pageNumberSchema,
  cursor: cursorSchema,
});
export type ListSchedulesQuery = z.infer<typeof listSchedulesQuerySchema>;

export const scheduleIdParamsSchema = z.object({ id: idSchema });

export interface ScheduleDto {
  id: string;
  body: string;
  contactId: string;
  contact: { id: string; name: string } | null;
  ticketId: string | null;
  userId: string;
  sendAt: string;
  sentAt: string | null;
  status: ScheduleStatus;
  /** Attachments (spec: `mediaName`, a list of items with `originalName`), in the order attached. */
  mediaName: ScheduleMediaDto[];
  isMedia: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ScheduleListAnswer {
  schedules: ScheduleDto[];
  hasMore: boolean;
  cursor?: string;
}

/**
 * POST /schedules/{id}/media-upload (spec "form: typeArch, file"). Files never travel through the
 * API (5 MB > the request limit): the same presigned flow as message media, in two calls to this
 * one route. Without `key`: the rules are checked against the schedule's current attachments
 * (type, 5 MB, at most 3, no duplicate name) and a presigned PUT comes back. With the `key` that PUT
 * used, once the browser uploaded: the object is checked in S3 and attached. `typeArch` is the
 * spec's form field; its only value here is 'schedule'.
 */
export const scheduleMediaUploadSchema = z.object({
  typeArch: z.optional(z.literal('schedule')),
  file: attachmentFileSchema,
  key: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
});
export type ScheduleMediaUploadInput = z.infer<typeof scheduleMediaUploadSchema>;

/** DELETE /schedules/{id}/media-upload?originalName=…: removes one attachment ('Arquivo removido com sucesso!'). */
export const scheduleMediaRemoveQuerySchema = z.object({ originalName: attachmentNameSchema });

export interface ScheduleMediaDto {
  originalName: string;
  mimetype: string;
  size: number;
  /** Short-lived download URL (null without a bucket). */
  url: string | null;
}

/** The schedule as it stands, and the presigned PUT when one was asked for. */
export interface ScheduleMediaUploadAnswer {
  schedule: ScheduleDto;
  upload?: UploadTicket;
}
