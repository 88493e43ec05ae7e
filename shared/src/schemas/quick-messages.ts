/** Quick messages (spec part 1 §3 "Quick message", §5 "Sending a message": '/' suggestions). */
import * as z from '../zod';
import { idSchema } from './common';

/** Suggestion labels are cut at 35 characters (spec part 1 §5). */
export const QUICK_MESSAGE_LABEL_MAX = 35;

/** GET /quick-messages/list — the company comes from the token; `companyId` is accepted and ignored. */
export const listQuickMessagesQuerySchema = z.object({
  companyId: z.optional(z.string().check(z.maxLength(64))),
  userId: z.optional(idSchema),
});

export interface QuickMessageDto {
  id: string;
  shortcode: string;
  message: string;
  /** Owner; null = the whole company's. */
  userId: string | null;
  mediaUrl: string | null;
  mediaName: string | null;
}
