/**
 * Attachment schemas (spec part 1 §5, §9), shared by messages, quick messages, schedules and campaigns.
 * Their own module so that a schema needing only these does not carry every message schema into a
 * Lambda bundle (docs/decisions.md "Lambda bundle budget, round 15"); the rules are attachment-rules.ts.
 */
import * as z from '../zod';
import { isAllowedAttachment, MAX_MEDIA_BYTES, MESSAGE_MSG } from './attachment-rules';

export const attachmentNameSchema = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(200),
  z.refine((name: string) => !/[/\\]/.test(name) && ![...name].some((ch) => ch.charCodeAt(0) < 32)),
);
export const mimetypeSchema = z.string().check(z.trim(), z.toLowerCase(), z.minLength(3), z.maxLength(100));

/** One file the browser is about to upload: allowed type, at most 5 MB (spec part 1 §5). */
export const attachmentFileSchema = z
  .object({
    fileName: attachmentNameSchema,
    mimetype: mimetypeSchema,
    size: z.number().check(z.int(), z.gte(1), z.lte(MAX_MEDIA_BYTES, MESSAGE_MSG.tooLarge)),
  })
  .check(
    z.refine((f) => isAllowedAttachment(f.fileName, f.mimetype), { message: MESSAGE_MSG.blockedType, path: ['fileName'] }),
  );
