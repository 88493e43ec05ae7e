import * as z from '../zod';
import { MSG } from './common';
import { emailSchema } from './email';

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: MSG.required }).check(z.minLength(1, MSG.required), z.maxLength(200)),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * `GET /auth/statusAndDueDateAssignature` (also part of the login/refresh answers).
 * `expired`: due date + 1 day is past; `warning`: rounded days left 1–4 (spec part 1 §4, §9).
 * `dueDate`/`daysLeft` are null for companies without a due date (the platform company).
 */
export const SUBSCRIPTION_STATES = ['active', 'warning', 'expired'] as const;
export interface SubscriptionStatus {
  status: (typeof SUBSCRIPTION_STATES)[number];
  dueDate: string | null;
  daysLeft: number | null;
}
