/**
 * Business hours in the company's time zone (ARCHITECTURE.md "Business hours in the company's time
 * zone, not the server's"). A schedule entry covers one weekday, `startTime`–`endTime` as HH:MM
 * local to the company; an entry whose end is not after its start (the spec's default Sunday
 * 00:00–00:00) is a closed day. Intl does the time-zone arithmetic, DST included.
 */
import { DEFAULT_COMPANY_SCHEDULES, WEEKDAYS_EN, type WeekdayEn } from '@atende/shared';

export { WEEKDAYS_EN, type WeekdayEn };

export interface BusinessHoursEntry {
  weekdayEn: WeekdayEn | string;
  startTime: string;
  endTime: string;
}

export interface LocalTime {
  weekdayEn: WeekdayEn;
  /** Minutes since local midnight. */
  minutes: number;
  hour: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock weekday and time at `at` in `timeZone` (an IANA name, e.g. America/Sao_Paulo). */
export function localTime(at: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const hour = Number(parts.hour) % 24;
  return {
    weekdayEn: String(parts.weekday).toLowerCase() as WeekdayEn,
    hour,
    minutes: hour * 60 + Number(parts.minute),
  };
}

const toMinutes = (hhmm: string): number | null => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h > 24 || min > 59 ? null : h * 60 + min;
};

/**
 * Whether `at` falls inside the schedule. No schedule at all means "always open" (a company that
 * never set hours must not answer every message with the out-of-hours text).
 */
export function isWithinBusinessHours(
  schedule: readonly BusinessHoursEntry[] | undefined,
  at: Date,
  timeZone: string,
): boolean {
  if (!schedule || schedule.length === 0) return true;
  const now = localTime(at, timeZone);
  const today = schedule.find((s) => s.weekdayEn.toLowerCase() === now.weekdayEn);
  if (!today) return false;
  const start = toMinutes(today.startTime);
  const end = toMinutes(today.endTime);
  if (start === null || end === null || end <= start) return false;
  return now.minutes >= start && now.minutes < end;
}

/** The spec's defaults (part 2 §3): Sunday closed, Monday–Thursday 08–18, Friday 08–17, Saturday 08–12. */
export const DEFAULT_COMPANY_HOURS: readonly BusinessHoursEntry[] = DEFAULT_COMPANY_SCHEDULES;
