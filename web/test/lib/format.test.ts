import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from '@/lib/format';

describe('date formatting, the one formatter of dates shown to users (issue 30 item 16)', () => {
  it('shows a calendar day as that day, whatever the time zone', () => {
    expect(formatDate('2026-11-30')).toBe('30/11/2026');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('formats date-times as dd/MM/yyyy HH:mm in local time', () => {
    const local = new Date(2026, 0, 5, 9, 7);
    expect(formatDateTime(local.toISOString())).toBe('05/01/2026 09:07');
  });
});

describe('formatTime: HH:mm in local time, without date-fns (issue 28: the tickets list runs it on the first load)', () => {
  it('pads hours and minutes and keeps the 24-hour clock', () => {
    expect(formatTime(new Date(2026, 0, 5, 9, 7))).toBe('09:07');
    expect(formatTime(new Date(2026, 0, 5, 23, 59))).toBe('23:59');
    expect(formatTime(new Date(2026, 0, 5, 0, 0))).toBe('00:00');
  });
});
