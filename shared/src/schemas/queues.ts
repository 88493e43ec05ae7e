/** Queues (departments) as the ticket workspace reads them (spec part 1 §3 "Queue", §6 scheduleType, §7 "/queue"). */
import type { QueueRef } from './users';

/** GET /queue, /queue/onschedule answer a plain `QueueDto[]` ordered by `orderQueue`, then name. */
export interface QueueDto extends QueueRef {
  greetingMessage: string;
  outOfHoursMessage: string;
  /** Position in the bot's numbered menu; null = after the numbered ones. */
  orderQueue: number | null;
  createdAt: string;
  updatedAt: string;
}
