import { isSameDay, isValid, parseISO, subDays } from 'date-fns';
import { formatDate, formatTime } from '@/lib/format';

export type ListTime =
  { kind: 'time'; text: string } | { kind: 'yesterday' } | { kind: 'date'; text: string } | { kind: 'none' };

/**
 * The ticket row's time (spec part 1 §2): HH:mm for today, 'Ontem' for yesterday, otherwise the
 * date as dd/MM/yyyy (§9). The caller translates `yesterday`.
 */
export function listTime(value: string | null | undefined, now: Date = new Date()): ListTime {
  if (!value) return { kind: 'none' };
  const date = parseISO(value);
  if (!isValid(date)) return { kind: 'none' };
  if (isSameDay(date, now)) return { kind: 'time', text: formatTime(date) };
  if (isSameDay(date, subDays(now, 1))) return { kind: 'yesterday' };
  return { kind: 'date', text: formatDate(date) };
}

/** Time of a message bubble (HH:mm) and the day separator between days (dd/MM/yyyy). */
export const messageTime = (value: string): string => {
  const date = parseISO(value);
  return isValid(date) ? formatTime(date) : '';
};

export const messageDay = (value: string): string => {
  const date = parseISO(value);
  return isValid(date) ? formatDate(date) : '';
};
