/**
 * Quick messages (spec part 1 §3 "Quick message", §5 "Sending a message": '/' suggestions; part 3
 * §2 "Quick replies page", §3 "QuickMessage", §5 "Quick reply", §7 "Quick replies").
 */
import * as z from '../zod';
import { idSchema } from './common';
import type { UploadTicket } from './messages';

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
