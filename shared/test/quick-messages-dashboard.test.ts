/**
 * The quick-reply rules (spec part 3 §6) and the dashboard filter (spec part 1 §5), as the API and
 * the console both apply them.
 */
import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_MSG,
  dashboardQuerySchema,
  mayManageQuickMessage,
  maySeeQuickMessage,
  maySetQuickMessageToAll,
  type Viewer,
} from '../src';

const viewer = (profile: Viewer['profile'], userId = 'me', isSuper = false): Viewer => ({
  userId,
  companyId: 'c1',
  profile,
  super: isSuper,
});

describe('quick replies: toAll per profile', () => {
  const companys = { userId: 'admin1', toAll: true };
  const mine = { userId: 'me', toAll: false };
  const someoneElses = { userId: 'other', toAll: false };

  it('admins and supervisors choose toAll and manage every reply they see; users only their own non-toAll', () => {
    for (const boss of [viewer('admin'), viewer('supervisor'), viewer('user', 'me', true)]) {
      expect(maySetQuickMessageToAll(boss)).toBe(true);
      expect(mayManageQuickMessage(boss, companys)).toBe(true);
      expect(mayManageQuickMessage(boss, mine)).toBe(true);
    }
    const user = viewer('user');
    expect(maySetQuickMessageToAll(user)).toBe(false);
    expect(mayManageQuickMessage(user, companys)).toBe(false);
    expect(mayManageQuickMessage(user, { userId: 'me', toAll: true })).toBe(false);
    expect(mayManageQuickMessage(user, mine)).toBe(true);
    expect(mayManageQuickMessage(user, someoneElses)).toBe(false);
  });

  it("lists the company's and the viewer's own; another's 'only me' stays private, admins included", () => {
    expect(maySeeQuickMessage(viewer('user'), companys)).toBe(true);
    expect(maySeeQuickMessage(viewer('user'), mine)).toBe(true);
    expect(maySeeQuickMessage(viewer('user'), someoneElses)).toBe(false);
    expect(maySeeQuickMessage(viewer('admin'), someoneElses)).toBe(false);
  });
});

describe('dashboard filter', () => {
  const issues = (query: Record<string, string>) => {
    const parsed = dashboardQuerySchema.safeParse(query);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };

  it("needs one of days, date_from, date_to: 'Parametrize o filtro'", () => {
    expect(issues({})).toEqual([DASHBOARD_MSG.filterRequired]);
    expect(issues({ days: '', date_from: '', date_to: '' })).toEqual([DASHBOARD_MSG.filterRequired]);
    expect(issues({ days: '7' })).toEqual([]);
    expect(issues({ date_from: '2026-03-01' })).toEqual([]);
    expect(issues({ date_to: '2026-03-31' })).toEqual([]);
  });

  it('refuses impossible days, reversed ranges and periods over a year', () => {
    expect(issues({ days: '0' })).toEqual([DASHBOARD_MSG.rangeInvalid]);
    expect(issues({ days: '2.5' })).toEqual([DASHBOARD_MSG.rangeInvalid]);
    expect(issues({ date_from: '2026-02-30' })).toEqual([DASHBOARD_MSG.rangeInvalid]);
    expect(issues({ date_from: '2026-03-10', date_to: '2026-03-01' })).toEqual([DASHBOARD_MSG.rangeInvalid]);
    expect(issues({ date_from: '2025-01-01', date_to: '2026-03-01' })).toEqual([DASHBOARD_MSG.rangeInvalid]);
    expect(dashboardQuerySchema.parse({ days: '90' })).toEqual({ days: 90 });
  });
});
