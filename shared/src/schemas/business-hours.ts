/**
 * Business hours (spec part 2 §3 "Schedule entry", §5 "Hours"; part 3 §3 "Queue" schedules): one
 * entry per weekday, HH:MM local to the company's time zone. An entry whose end is not after its
 * start (the default Sunday 00:00–00:00) is a closed day. The company's hours (Settings → Hours,
 * scheduleType 'company') and each queue's hours (scheduleType 'queue') share the schema.
 */
import * as z from '../zod';
import { timeZoneSchema } from './time-zone';
import { idSchema } from './common';

export const WEEKDAYS_EN = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type WeekdayEn = (typeof WEEKDAYS_EN)[number];

/** The Portuguese label a schedule entry carries (`weekday`), as the Whaticket family stores it. */
export const WEEKDAY_LABELS_PT_BR: Record<WeekdayEn, string> = {
  sunday: 'Domingo',
  monday: 'Segunda-feira',
  tuesday: 'Terça-feira',
  wednesday: 'Quarta-feira',
  thursday: 'Quinta-feira',
  friday: 'Sexta-feira',
  saturday: 'Sábado',
};

/** Message keys of the hours rules (`validation.hours.*`, translated by the console). */
export const HOURS_MSG = {
  invalidTime: 'validation.hours.invalidTime',
  duplicateDay: 'validation.hours.duplicateDay',
} as const;

/** HH:MM, 00:00–23:59 (the form's mask). */
export const HHMM_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const hhmmSchema = z.string({ error: HOURS_MSG.invalidTime }).check(z.regex(HHMM_PATTERN, HOURS_MSG.invalidTime));

export const scheduleEntrySchema = z.object({
  weekday: z._default(z.string().check(z.trim(), z.maxLength(30)), ''),
  weekdayEn: z.enum(WEEKDAYS_EN),
  startTime: hhmmSchema,
  endTime: hhmmSchema,
});
export type ScheduleEntry = z.output<typeof scheduleEntrySchema>;

/** Up to one entry per weekday; a missing weekday is closed. The label is filled from the weekday. */
export const schedulesSchema = z.pipe(
  z.array(scheduleEntrySchema).check(
    z.maxLength(7),
    z.refine((list) => new Set(list.map((e) => e.weekdayEn)).size === list.length, HOURS_MSG.duplicateDay),
  ),
  z.transform((list) =>
    list.map((e) => ({ ...e, weekday: e.weekday || WEEKDAY_LABELS_PT_BR[e.weekdayEn] }) satisfies ScheduleEntry),
  ),
);

const week = (hours: Record<WeekdayEn, [string, string]>): ScheduleEntry[] =>
  WEEKDAYS_EN.map((weekdayEn) => ({
    weekday: WEEKDAY_LABELS_PT_BR[weekdayEn],
    weekdayEn,
    startTime: hours[weekdayEn][0],
    endTime: hours[weekdayEn][1],
  }));

/** Company defaults (part 2 §3): Sunday closed, Monday–Thursday 08–18, Friday 08–17, Saturday 08–12. */
export const DEFAULT_COMPANY_SCHEDULES: readonly ScheduleEntry[] = week({
  sunday: ['00:00', '00:00'],
  monday: ['08:00', '18:00'],
  tuesday: ['08:00', '18:00'],
  wednesday: ['08:00', '18:00'],
  thursday: ['08:00', '18:00'],
  friday: ['08:00', '17:00'],
  saturday: ['08:00', '12:00'],
});

/** Queue defaults (part 3 §3): Sunday closed, Monday–Friday 08–18, Saturday 08–12. */
export const DEFAULT_QUEUE_SCHEDULES: readonly ScheduleEntry[] = week({
  sunday: ['00:00', '00:00'],
  monday: ['08:00', '18:00'],
  tuesday: ['08:00', '18:00'],
  wednesday: ['08:00', '18:00'],
  thursday: ['08:00', '18:00'],
  friday: ['08:00', '18:00'],
  saturday: ['08:00', '12:00'],
});

/**
 * `PUT /companies/{id}/schedules` (part 2 §7: body id, schedules). The time zone the hours are
 * read in is edited beside them (admins and super users); absent = unchanged.
 */
export const companySchedulesSchema = z.object({
  id: z.optional(idSchema),
  schedules: schedulesSchema,
  timeZone: z.optional(timeZoneSchema),
});
export type CompanySchedulesInput = z.output<typeof companySchedulesSchema>;

/** The answer of `PUT /companies/{id}/schedules` and what the Hours tab reads. */
export interface CompanySchedulesDto {
  id: string;
  schedules: ScheduleEntry[];
  timeZone: string;
}
