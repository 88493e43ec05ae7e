import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '@/lib/format';

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
