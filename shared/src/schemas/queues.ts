/** Queues (departments) as the ticket workspace reads them (spec part 1 §3 "Queue", §6 scheduleType, §7 "/queue"). */
import type { QueueRef } from './users';
import * as z from '../zod';
import { nameSchema } from './common';

/** GET /queue, /queue/onschedule answer a plain `QueueDto[]` ordered by `orderQueue`, then name. */
export interface QueueDto extends QueueRef {
  greetingMessage: string;
  outOfHoursMessage: string;
  /** Position in the bot's numbered menu; null = after the numbered ones. */
  orderQueue: number | null;
  createdAt: string;
  updatedAt: string;
}

/** POST /queue (spec part 3 §7): a new queue; the plan's `queues` bounds how many a company has. */
export const queueInputSchema = z.object({
  name: nameSchema,
  color: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/)),
  greetingMessage: z._default(z.string().check(z.maxLength(4000)), ''),
  outOfHoursMessage: z._default(z.string().check(z.maxLength(4000)), ''),
  orderQueue: z._default(z.nullable(z.int().check(z.gte(0), z.lte(9998))), null),
});
export type QueueInput = z.output<typeof queueInputSchema>;
