import {
  DEFAULT_QUEUE_SCHEDULES,
  queueInputSchema,
  type QueueDto,
  type QueueInput,
  type ScheduleEntry,
} from '@atende/shared';

/**
 * The queue dialog validates with the API's own schema (spec part 3 §5: name 2–50, 'Obrigatorio',
 * colour required, HH:MM hours), so the form shows exactly what the server would refuse.
 */
export const queueFormSchema = queueInputSchema;

export interface QueueFormValues {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | null;
  integrationId: string | null;
  schedules: ScheduleEntry[];
}

export function formValuesOf(queue: QueueDto | null | undefined): QueueFormValues {
  return {
    name: queue?.name ?? '',
    color: queue?.color ?? '',
    greetingMessage: queue?.greetingMessage ?? '',
    outOfHoursMessage: queue?.outOfHoursMessage ?? '',
    orderQueue: queue?.orderQueue ?? null,
    integrationId: queue?.integrationId ?? null,
    schedules: queue?.schedules ?? DEFAULT_QUEUE_SCHEDULES.map((entry) => ({ ...entry })),
  };
}

export const toQueuePayload = (values: QueueFormValues): QueueInput => ({ ...values });
