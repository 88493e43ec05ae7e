import { describe, expect, it } from 'vitest';
import { MS_PER_DAY } from '@atende/shared';
import { subscriptionStatus } from '../src/policy/subscription';

const now = Date.parse('2025-06-10T12:00:00Z');
const dueIn = (days: number) => ({ dueDate: new Date(now + days * MS_PER_DAY).toISOString(), isPlatform: false });

describe('subscriptionStatus', () => {
  it.each([
    [10, 'active', 10],
    [5, 'active', 5],
    [4.4, 'warning', 4],
    [1, 'warning', 1],
    [0.4, 'active', 0],
    [-0.9, 'active', -1],
    [-1.01, 'expired', -1],
    [-30, 'expired', -30],
  ])('%s days to the due date → %s (daysLeft %s)', (days, status, daysLeft) => {
    expect(subscriptionStatus(dueIn(days), now)).toMatchObject({ status, daysLeft });
  });

  it('treats a date-only due date as midnight UTC', () => {
    // now = 10 June 12:00 UTC: due 9 June → grace ended 10 June 00:00; due 10 June → still in grace.
    expect(subscriptionStatus({ dueDate: '2025-06-09', isPlatform: false }, now).status).toBe('expired');
    expect(subscriptionStatus({ dueDate: '2025-06-10', isPlatform: false }, now).status).toBe('active');
  });

  it('is always active for the platform company and for companies without a due date', () => {
    expect(subscriptionStatus({ ...dueIn(-100), isPlatform: true }, now).status).toBe('active');
    expect(subscriptionStatus({ dueDate: null, isPlatform: false }, now)).toEqual({
      status: 'active',
      dueDate: null,
      daysLeft: null,
    });
  });
});
