import * as z from '../zod';
import { pageNumberSchema, searchParamSchema } from './common';
import { SAAS_MSG } from './saas-messages';

/** Announcements (spec part 3 §3, §5): title and text required; priority 1 high, 2 medium, 3 low (default); active by default. */
export const announcementSchema = z.object({
  title: z
    .string({ error: SAAS_MSG.required })
    .check(z.trim(), z.minLength(1, SAAS_MSG.required), z.maxLength(120, SAAS_MSG.tooLong)),
  text: z
    .string({ error: SAAS_MSG.required })
    .check(z.trim(), z.minLength(1, SAAS_MSG.required), z.maxLength(5000, SAAS_MSG.tooLong)),
  priority: z._default(z.union([z.literal(1), z.literal(2), z.literal(3)]), 3),
  status: z._default(z.boolean(), true),
});
export type AnnouncementInput = z.output<typeof announcementSchema>;

export const listAnnouncementsQuerySchema = z.object({
  searchParam: searchParamSchema,
  pageNumber: pageNumberSchema,
  cursor: z.optional(z.string().check(z.maxLength(2048))),
});

/** Images only (spec part 3 §5: png, jpg, jpeg). */
export const ANNOUNCEMENT_IMAGE_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;
/** The image travels base64-encoded in JSON, at most this many characters (the 1 MB request limit). */
const ANNOUNCEMENT_IMAGE_BASE64_CHARS = 1_000_000;
/** The largest image whose base64 fits: 4 characters per 3 bytes (750 kB). */
export const ANNOUNCEMENT_IMAGE_MAX_BYTES = (ANNOUNCEMENT_IMAGE_BASE64_CHARS / 4) * 3;
export const announcementUploadSchema = z.object({
  fileName: z.string().check(z.trim(), z.minLength(1), z.maxLength(120), z.regex(/\.(png|jpe?g)$/i, SAAS_MSG.invalidValue)),
  contentType: z.enum(Object.keys(ANNOUNCEMENT_IMAGE_TYPES) as ['image/png', 'image/jpeg']),
  file: z.string().check(z.minLength(1), z.maxLength(ANNOUNCEMENT_IMAGE_BASE64_CHARS)),
});

export interface AnnouncementDto extends AnnouncementInput {
  id: string;
  mediaName: string | null;
  /** Short-lived download URL of the image. */
  mediaUrl: string | null;
  createdAt: string;
  updatedAt: string;
}
