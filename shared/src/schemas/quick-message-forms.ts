/**
 * What the quick replies page sends (spec part 3 §2 "Quick replies page", §7 "Quick replies"): create,
 * update and attachments. Apart from quick-messages.ts, which the ticket workspace's list reads, so the
 * Lambda serving that list does not carry these forms' validators.
 */
import * as z from '../zod';
import { idSchema, MSG } from './common';
import { attachmentFileSchema, attachmentNameSchema } from './attachments';
import { MAX_QUICK_MESSAGE, MAX_SHORTCODE } from './quick-messages';

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
