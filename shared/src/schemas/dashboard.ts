/**
 * The dashboard (spec part 1 §2 "Dashboard", §3 "Dashboard response", §5 "Dashboard filter", §9
 * rating scale and periods): `GET /dashboard` with a period of days, or a date range, in the
 * company's time zone.
 */
import * as z from '../zod';

/** The period options (spec part 1 §9). */
export const DASHBOARD_PERIODS = [3, 7, 15, 30, 60, 90] as const;
/** Not in the spec: the longest range one request reads (one item per day, decisions.md "Dashboard"). */
export const MAX_DASHBOARD_DAYS = 366;

export const DASHBOARD_MSG = {
  /** 'Parametrize o filtro' (spec part 1 §5). */
  filterRequired: 'validation.dashboard.filterRequired',
  rangeInvalid: 'validation.dashboard.rangeInvalid',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (v: string) => DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
/** A calendar day `YYYY-MM-DD` ('' counts as not given: the console's empty date fields). */
const daySchema = z.optional(
  z.pipe(
    z.string().check(z.trim(), z.maxLength(10)),
    z.transform((v: string) => v || undefined),
  ),
);

const dayNumber = (v: string) => Date.parse(`${v}T00:00:00Z`) / 86_400_000;

/** GET /dashboard?days=&date_from=&date_to= — at least one of the three ('Parametrize o filtro'). */
export const dashboardQuerySchema = z
  .object({
    days: z.optional(
      z.pipe(
        z.string().check(z.trim(), z.maxLength(4)),
        z.transform((v: string) => (v ? Number(v) : undefined)),
      ),
    ),
    date_from: daySchema,
    date_to: daySchema,
  })
  .check(
    z.refine((q) => q.days !== undefined || !!q.date_from || !!q.date_to, {
      message: DASHBOARD_MSG.filterRequired,
      path: ['days'],
    }),
    z.refine((q) => q.days === undefined || (Number.isInteger(q.days) && q.days >= 1 && q.days <= MAX_DASHBOARD_DAYS), {
      message: DASHBOARD_MSG.rangeInvalid,
      path: ['days'],
    }),
    z.refine((q) => [q.date_from, q.date_to].every((d) => d === undefined || isRealDay(d)), {
      message: DASHBOARD_MSG.rangeInvalid,
      path: ['date_from'],
    }),
    z.refine(
      (q) =>
        !q.date_from ||
        !q.date_to ||
        !isRealDay(q.date_from) ||
        !isRealDay(q.date_to) ||
        (dayNumber(q.date_from) <= dayNumber(q.date_to) &&
          dayNumber(q.date_to) - dayNumber(q.date_from) < MAX_DASHBOARD_DAYS),
      { message: DASHBOARD_MSG.rangeInvalid, path: ['date_to'] },
    ),
  );
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** The console's filter form: a period, or a date range (either end may be left empty). */
export const dashboardFilterFormSchema = z
  .object({
    days: z.string(),
    date_from: z.string(),
    date_to: z.string(),
  })
  .check(
    z.refine((f) => !!f.days || !!f.date_from || !!f.date_to, {
      message: DASHBOARD_MSG.filterRequired,
      path: ['days'],
    }),
    z.refine((f) => !f.date_from || !f.date_to || f.date_from <= f.date_to, {
      message: DASHBOARD_MSG.rangeInvalid,
      path: ['date_to'],
    }),
  );
export type DashboardFilterForm = z.infer<typeof dashboardFilterFormSchema>;

export interface DashboardCounters {
  /** Tickets opened in the period that are waiting now. */
  supportPending: number;
  /** Tickets opened in the period that are in service now. */
  supportHappening: number;
  /** Tickets opened in the period that are resolved now. */
  supportFinished: number;
  /** Contacts created in the period. */
  leads: number;
  /** Minutes from acceptance to resolution, average over the resolutions of those tickets. */
  avgSupportTime: number;
  /** Minutes from opening (or reopening) to the first acceptance, average. */
  avgWaitTime: number;
}

export interface DashboardAttendant {
  id: string;
  name: string;
  /** Average customer rating 1..3 (1 unsatisfied, 2 satisfied, 3 very satisfied); null when unrated. */
  rating: number | null;
  /** Tickets the attendant resolved (of those opened in the period). */
  tickets: number;
  /** Minutes, average. */
  avgSupportTime: number;
  online: boolean;
}

export interface DashboardAnswer {
  /** The local days read, inclusive. */
  period: { from: string; to: string; timeZone: string };
  counters: DashboardCounters;
  /** Tickets created per local hour over the period, `hour` 1..23 then 0 (the chart's 01:00 to 00:00). */
  ticketsByHour: { hour: number; count: number }[];
  attendants: DashboardAttendant[];
}
