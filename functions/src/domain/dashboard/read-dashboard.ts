/**
 * GET /dashboard (spec part 1 §2, §3 "Dashboard response"): sums the day items of the period
 * (data/dashboard-days.ts, one per local day, kept as tickets change) and lists the company's users
 * with their figures and whether a console of theirs is connected. O(days + users), never O(tickets).
 */
import type { DashboardAnswer, DashboardAttendant, DashboardQuery } from '@atende/shared';
import { localSlot, readDashboardDays, type DashboardDay } from '../../data/dashboard-days';
import { listAllUsers } from '../../data/users';
import { listCompanyWsConnections } from '../../data/ws-connections';
import { companyTimeZone } from './company-clock';

const DAY_MS = 86_400_000;
const toMinutes = (ms: number, n: number) => (n > 0 ? Math.round(ms / n / 60_000) : 0);
const shiftDay = (day: string, by: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + by * DAY_MS).toISOString().slice(0, 10);

/** The local days a query covers: `days` back from today, or the range (a missing end: see decisions.md). */
export function periodOf(query: DashboardQuery, today: string): { from: string; to: string } {
  if (query.days !== undefined) return { from: shiftDay(today, -(query.days - 1)), to: today };
  const to = query.date_to ?? today;
  const from = query.date_from ?? `${to.slice(0, 8)}01`;
  return { from, to };
}

/** Adds up the figures of the period's days. */
export function sumDays(days: readonly DashboardDay[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const day of days)
    for (const [name, value] of Object.entries(day.figures))
      if (typeof value === 'number') totals.set(name, (totals.get(name) ?? 0) + value);
  return totals;
}

/** The chart's buckets, 01:00 to 00:00 (spec part 1 §2). */
const HOURS = [...Array.from({ length: 23 }, (_, i) => i + 1), 0];

export function dashboardFigures(
  totals: Map<string, number>,
  users: readonly { id: string; name: string }[],
  onlineUserIds: ReadonlySet<string>,
): Omit<DashboardAnswer, 'period'> {
  const n = (name: string) => Math.max(0, totals.get(name) ?? 0);
  const attendants: DashboardAttendant[] = users.map((u) => {
    const rated = n(`u_${u.id}_rn`);
    return {
      id: u.id,
      name: u.name,
      rating: rated ? Math.round((n(`u_${u.id}_rs`) / rated) * 10) / 10 : null,
      tickets: n(`u_${u.id}_n`),
      avgSupportTime: toMinutes(n(`u_${u.id}_ms`), n(`u_${u.id}_n`)),
      online: onlineUserIds.has(u.id),
    };
  });
  return {
    counters: {
      supportPending: n('s_pending'),
      supportHappening: n('s_open'),
      supportFinished: n('s_closed'),
      leads: n('leads'),
      avgSupportTime: toMinutes(n('supportMs'), n('supportN')),
      avgWaitTime: toMinutes(n('waitMs'), n('waitN')),
    },
    ticketsByHour: HOURS.map((hour) => ({ hour, count: n(`h${String(hour).padStart(2, '0')}`) })),
    attendants,
  };
}

export async function readDashboard(companyId: string, query: DashboardQuery): Promise<DashboardAnswer> {
  const timeZone = await companyTimeZone(companyId);
  const period = periodOf(query, localSlot(new Date(), timeZone).slice(0, 10));
  const [days, users, sockets] = await Promise.all([
    readDashboardDays(companyId, period.from, period.to), // AP-DB1
    listAllUsers(companyId), // AP-U5
    listCompanyWsConnections(companyId), // AP-WS1
  ]);
  const online = new Set(sockets.map((s) => s.userId));
  return { period: { ...period, timeZone }, ...dashboardFigures(sumDays(days), users, online) };
}
