import {
  DEFAULT_QUEUE_SCHEDULES,
  queueInputSchema,
  type QueueDto,
  type QueueInput,
  type ScheduleEntry,
} from '@atende/shared';
import * as z from '@atende/shared/zod';

/**
 * The queue dialog validates with the API's own schema (spec part 3 §5: name 2–50, 'Obrigatorio',
 * colour required, HH:MM hours), so the form shows exactly what the server would refuse.
 */
export const queueFormSchema = queueInputSchema;

/**
 * The form's schema with the rule the server keeps from the company's queues: when another queue
 * exists, a greeting is required (ERR_WAPP_GREETING_REQUIRED), shown with the other fields' errors.
 */
export const queueFormSchemaFor = (greetingRequired: boolean) =>
  greetingRequired
    ? queueFormSchema.check(
        z.superRefine((values, ctx) => {
          if (!values.greetingMessage.trim())
            ctx.addIssue({
              code: 'custom',
              path: ['greetingMessage'],
              message: 'errors.ERR_WAPP_GREETING_REQUIRED',
              input: values.greetingMessage,
            });
        }),
      )
    : queueFormSchema;

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
