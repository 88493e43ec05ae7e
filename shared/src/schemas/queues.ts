/**
 * Queues (departments) and their menu options (spec part 1 §3 "Queue", §6 scheduleType, §7 "/queue";
 * part 3 §2 "Queues page", §3 "Queue", "QueueOption", §5, §7 "Queues").
 */
import type { QueueRef } from './users';
import * as z from '../zod';
import { DEFAULT_QUEUE_SCHEDULES, schedulesSchema, type ScheduleEntry } from './business-hours';
import { idSchema } from './common';

/** GET /queue, /queue/onschedule answer a plain `QueueDto[]` ordered by `orderQueue`, then name. */
export interface QueueDto extends QueueRef {
  greetingMessage: string;
  outOfHoursMessage: string;
  /** Position in the bot's numbered menu; null = after the numbered ones. */
  orderQueue: number | null;
  /** The queue integration the bot hands the conversation to; null = none (plans with useIntegration only). */
  integrationId: string | null;
  /** The queue's business hours (scheduleType 'queue'). */
  schedules: ScheduleEntry[];
  createdAt: string;
  updatedAt: string;
}

/** Message keys of the queue form (`validation.queue.*`; pt-BR 'Obrigatorio' as part 3 §5 writes it). */
export const QUEUE_MSG = {
  required: 'validation.queue.required',
  tooShort: 'validation.queue.tooShort',
  tooLong: 'validation.queue.tooLong',
  color: 'validation.queue.color',
} as const;

export const queueNameSchema = z
  .string({ error: QUEUE_MSG.required })
  .check(
    z.trim(),
    z.minLength(1, QUEUE_MSG.required),
    z.minLength(2, QUEUE_MSG.tooShort),
    z.maxLength(50, QUEUE_MSG.tooLong),
  );

/** A hex colour of 3 to 9 characters (part 3 §5), as the palette offers: `#rgb`, `#rrggbb` or `#rrggbbaa`. */
export const queueColorSchema = z
  .string({ error: QUEUE_MSG.required })
  .check(z.trim(), z.regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, QUEUE_MSG.color));

const message = z._default(z.string().check(z.maxLength(4000)), '');

/**
 * POST /queue and PUT /queue/{id} (part 3 §7: name, color, greetingMessage, outOfHoursMessage,
 * integrationId, schedules). The plan's `queues` bounds how many a company has; the server also
 * refuses a colour another queue has and, when the company has more than one queue, an empty greeting.
 */
export const queueInputSchema = z.object({
  name: queueNameSchema,
  color: queueColorSchema,
  greetingMessage: message,
  outOfHoursMessage: message,
  orderQueue: z._default(z.nullable(z.int().check(z.gte(0), z.lte(9998))), null),
  integrationId: z._default(z.nullable(idSchema), null),
  schedules: z._default(schedulesSchema, () => DEFAULT_QUEUE_SCHEDULES.map((e) => ({ ...e }))),
});
export type QueueInput = z.output<typeof queueInputSchema>;

/** The colour palette of the queue dialog (part 3 §2: about 50 preset hex colours). */
// prettier-ignore
export const QUEUE_COLOR_PALETTE = [
  '#B80000', '#DB3E00', '#FCCB00', '#008B02', '#006B76', '#1273DE', '#004DCF', '#5300EB',
  '#EB9694', '#FAD0C3', '#FEF3BD', '#C1E1C5', '#BEDADC', '#C4DEF6', '#BED3F3', '#D4C4FB',
  '#F44336', '#E91E63', '#9C27B0', '#673AB7', '#3F51B5', '#2196F3', '#03A9F4', '#00BCD4',
  '#009688', '#4CAF50', '#8BC34A', '#CDDC39', '#FFEB3B', '#FFC107', '#FF9800', '#FF5722',
  '#795548', '#607D8B', '#000000', '#4D4D4D', '#999999', '#7B1FA2', '#C2185B', '#303F9F',
  '#0097A7', '#388E3C', '#AFB42B', '#F57C00', '#5D4037', '#455A64', '#1B5E20', '#0D47A1',
  '#880E4F', '#E65100',
] as const;

// ---------------------------------------------------------------- menu options (part 3 §3 "QueueOption")

/** A menu option: `option` is its position among its siblings, from 1. */
export interface QueueOptionDto {
  id: string;
  queueId: string;
  parentId: string | null;
  title: string;
  message: string;
  option: number;
}

/** `GET /queue-options` (queueId, parentId; -1 = top level). */
export const queueOptionsQuerySchema = z.object({
  queueId: idSchema,
  parentId: z._default(z.string().check(z.minLength(1), z.maxLength(64)), '-1'),
});
/** The parentId meaning "top level" in the query string (part 3 §7). */
export const TOP_LEVEL_PARENT = '-1';

const optionTitle = z
  .string({ error: QUEUE_MSG.required })
  .check(z.trim(), z.minLength(1, QUEUE_MSG.required), z.maxLength(100, QUEUE_MSG.tooLong));

/** POST /queue-options: a new option at the end of its level unless `option` is given. */
export const queueOptionCreateSchema = z.object({
  queueId: idSchema,
  parentId: z._default(z.nullable(idSchema), null),
  title: optionTitle,
  message: message,
  option: z.optional(z.int().check(z.gte(1), z.lte(99))),
});
export type QueueOptionCreateInput = z.output<typeof queueOptionCreateSchema>;

/** PUT /queue-options/{id}: title, message and position; the option stays in its queue and level. */
export const queueOptionUpdateSchema = z.object({
  title: optionTitle,
  message: message,
  option: z.optional(z.int().check(z.gte(1), z.lte(99))),
});
export type QueueOptionUpdateInput = z.output<typeof queueOptionUpdateSchema>;

/** How deep a menu may nest (a customer walks it one number at a time). */
export const QUEUE_OPTION_MAX_DEPTH = 5;
/** How many options a queue's menu may hold in all (the bot reads the whole tree at once). */
export const QUEUE_OPTION_MAX_COUNT = 200;
