import { describe, expect, it } from 'vitest';
import { judgeCompany, subscriptionStatus } from '@atende/shared';
import { company } from '../../support/fixtures';

const DAY = 86_400_000;
const now = Date.parse('2026-06-15T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe('subscription reading (spec part 1 §4, §9)', () => {
  it('is active far from the due date', () => {
    expect(subscriptionStatus({ dueDate: iso(now + 20 * DAY) }, now)).toMatchObject({ status: 'active', daysLeft: 20 });
  });

  it('warns when 1 to 4 rounded days remain', () => {
    expect(subscriptionStatus({ dueDate: iso(now + 4 * DAY) }, now).status).toBe('warning');
    expect(subscriptionStatus({ dueDate: iso(now + 0.6 * DAY) }, now)).toMatchObject({ status: 'warning', daysLeft: 1 });
    expect(subscriptionStatus({ dueDate: iso(now + 5 * DAY) }, now).status).toBe('active');
  });

  it('is overdue only after the due date plus one day', () => {
    expect(subscriptionStatus({ dueDate: iso(now - 0.5 * DAY) }, now).status).not.toBe('expired');
    expect(subscriptionStatus({ dueDate: iso(now - 1.1 * DAY) }, now).status).toBe('expired');
  });

  it('treats a missing due date as active', () => {
    expect(subscriptionStatus({ dueDate: null }, now)).toEqual({ status: 'active', dueDate: null, daysLeft: null });
  });

  it('judges an inactive company before its subscription', () => {
    expect(judgeCompany(company({ status: false, dueDate: iso(now - 10 * DAY) }), now)).toEqual({ kind: 'inactive' });
    expect(judgeCompany(company({ dueDate: iso(now - 10 * DAY) }), now)).toMatchObject({ kind: 'expired' });
    expect(judgeCompany(company({ dueDate: iso(now + 10 * DAY) }), now)).toEqual({ kind: 'ok' });
  });
});
