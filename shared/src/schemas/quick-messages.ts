/**
 * Quick messages (spec part 1 §3 "Quick message", §5 "Sending a message": '/' suggestions; part 3
 * §2 "Quick replies page", §3 "QuickMessage", §5 "Quick reply", §7 "Quick replies").
 */
import * as z from '../zod';
import { idSchema, MSG } from './common';
import { attachmentFileSchema, attachmentNameSchema, type UploadTicket } from './messages';

/** Suggestion labels are cut at 35 characters (spec part 1 §5). */
export const QUICK_MESSAGE_LABEL_MAX = 35;
export const MAX_SHORTCODE = 50;
export const MAX_QUICK_MESSAGE = 4096;

/**
 * The quick-reply warnings whose spec text differs from the message composer's (part 3 §8: 'Um
 * arquivo com este nome já foi anexado...'); type and size reuse MESSAGE_MSG (same texts).
 */
export const QUICK_MESSAGE_MSG = {
  duplicateName: 'validation.quickMessage.duplicateName',
} as const;

/** GET /quick-messages/list — the company comes from the token; `companyId` is accepted and ignored. */
export const listQuickMessagesQuerySchema = z.object({
  companyId: z.optional(z.string().check(z.maxLength(64))),
  userId: z.optional(idSchema),
});

const shortcodeSchema = z
  .string({ error: MSG.required })
  .check(z.trim(), z.minLength(1, MSG.required), z.maxLength(MAX_SHORTCODE, MSG.tooLong));
const messageSchema = z
  .string({ error: MSG.required })
  .check(z.trim(), z.minLength(1, MSG.required), z.maxLength(MAX_QUICK_MESSAGE, MSG.tooLong));
/** Ignored fields the spec's form sends (the owner and company come from the token). */
const ignored = {
  userId: z.optional(z.nullable(z.union([z.string().check(z.maxLength(64)), z.number()]))),
  companyId: z.optional(z.nullable(z.union([z.string().check(z.maxLength(64)), z.number()]))),
  geral: z.optional(z.boolean()),
};

/**
 * POST /quick-messages. `toAll`: for the whole company (admins and supervisors only,
 * `maySetQuickMessageToAll`); otherwise only its author sees it.
 */
export const createQuickMessageSchema = z.object({
  shortcode: shortcodeSchema,
  message: messageSchema,
  toAll: z._default(z.boolean(), false),
  ...ignored,
});
export type CreateQuickMessageInput = z.infer<typeof createQuickMessageSchema>;

/** PUT /quick-messages/{id}: any of the fields. */
export const updateQuickMessageSchema = z.object({
  shortcode: z.optional(shortcodeSchema),
  message: z.optional(messageSchema),
  toAll: z.optional(z.boolean()),
  ...ignored,
});
export type UpdateQuickMessageInput = z.infer<typeof updateQuickMessageSchema>;

export const quickMessageIdParamsSchema = z.object({ id: idSchema });

/**
 * POST /quick-messages/{id}/media-upload (spec "multipart file, typeArch"): the presigned flow of
 * scheduled messages' attachments (decisions.md "Schedules, round 2"), in two calls — without `key`
 * the rules are checked and a presigned PUT comes back; with the `key` the uploaded object is checked
 * and attached.
 */
export const quickMessageMediaUploadSchema = z.object({
  typeArch: z.optional(z.literal('quickMessage')),
  file: attachmentFileSchema,
  key: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
});
export type QuickMessageMediaUploadInput = z.infer<typeof quickMessageMediaUploadSchema>;

/** DELETE /quick-messages/{id}/media-upload?originalName=… ('Arquivo removido com sucesso!'). */
export const quickMessageMediaRemoveQuerySchema = z.object({ originalName: attachmentNameSchema });

/** One attachment: `key` is what a send from a ticket refers to (`medias[].key`). */
export interface QuickMessageMediaDto {
  originalName: string;
  mimetype: string;
  size: number;
  key: string;
}

export interface QuickMessageDto {
  id: string;
  shortcode: string;
  message: string;
  /** Author; null on the seed's company-wide ones. */
  userId: string | null;
  /** Offered to every user of the company (otherwise only to its author). */
  toAll: boolean;
  isMedia: boolean;
  /** Attachments in the order attached (spec: `mediaName`, a list of items with `originalName`). */
  medias: QuickMessageMediaDto[];
  /** Spec: `mediaName` as JSON text of `[{ originalName }]`, null without attachments. */
  mediaName: string | null;
  mediaUrl: string | null;
}

export interface QuickMessageMediaUploadAnswer {
  record: QuickMessageDto;
  upload?: UploadTicket;
}
