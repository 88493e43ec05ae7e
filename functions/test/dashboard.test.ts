/**
 * GET /dashboard (spec part 1 §2 "Dashboard", §3 "Dashboard response", §5 "Dashboard filter"): the
 * figures are kept as tickets change (data/dashboard-days.ts) in the company's time zone (São Paulo
 * by default). Known data across local midnight: opened 23:50, accepted 00:10, resolved 00:40.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_MSG, type DashboardAnswer } from '@atende/shared';
import { readDashboardDay } from '../src/data/dashboard-days';
import { recordTicketRating } from '../src/data/ticket-ratings';
import { getTicket as readTicketRecord } from '../src/data/tickets';
import { apiCall } from './support/api-event';
import {
  createWorkspace,
  customerEvent,
  deliver,
  newNumber,
  putTicket,
  startWorkspaceEmulators,
  ticketOf,
  type Workspace,
} from './support/ticket-fixtures';

let queues: Awaited<ReturnType<typeof startWorkspaceEmulators>>;
let w: Workspace;

beforeAll(async () => {
  queues = await startWorkspaceEmulators();
  w = await createWorkspace();
});
afterAll(async () => {
  await queues?.stop();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock (Date only: timers, the SDK's sockets and the emulators keep running). */
const at = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};
const dashboard = (query: Record<string, string>, token = w.admin.token) =>
  apiCall<DashboardAnswer & { error?: string; fields?: Record<string, string> }>('dashboard', 'GET', '/dashboard', {
    token,
    query,
  });

describe('GET /dashboard', () => {
  it('counts a ticket opened before local midnight on its day, its wait and support across midnight, once', async () => {
    const me = w.operatorA.user.id;
    // 2026-03-10 23:50 in São Paulo (UTC−3): a new contact writes
    at('2026-03-11T02:50:00Z');
    const number = newNumber();
    const first = customerEvent(w, { number, body: 'oi, boa noite' });
    await deliver(first);
    await deliver(first); // redelivered: counted once
    const t = (await ticketOf(w, number))!;
    // 00:10 on the 11th: accepted (20 minutes waiting); 00:40: resolved (30 minutes of service)
    at('2026-03-11T03:10:00Z');
    expect((await putTicket(w.operatorA.token, t.id, { status: 'open', userId: me })).status).toBe(200);
    at('2026-03-11T03:40:00Z');
    expect((await putTicket(w.operatorA.token, t.id, { status: 'closed' })).status).toBe(200);
    expect((await putTicket(w.operatorA.token, t.id, { status: 'closed' })).status).toBe(200); // again: no move
    // 00:05 on the 11th (before the resolve, by the clock of its own day): another contact, still waiting
    at('2026-03-11T03:05:00Z');
    const other = newNumber();
    await deliver(customerEvent(w, { number: other, body: 'alguém?' }));
    // the customer rates the attendant (3 = very satisfied), the answer arriving twice
    const record = (await readTicketRecord(w.cid, t.id))!;
    expect(await recordTicketRating(record, me, 3)).toBe(true);
    expect(await recordTicketRating(record, me, 3)).toBe(false);

    at('2026-03-11T15:00:00Z');
    const tenth = await dashboard({ date_from: '2026-03-10', date_to: '2026-03-10' });
    expect(tenth.status).toBe(200);
    expect(tenth.body.period).toEqual({ from: '2026-03-10', to: '2026-03-10', timeZone: 'America/Sao_Paulo' });
    expect(tenth.body.counters).toEqual({
      supportPending: 0,
      supportHappening: 0,
      supportFinished: 1,
      leads: 1,
      avgSupportTime: 30,
      avgWaitTime: 20,
    });
    expect(tenth.body.ticketsByHour.find((h) => h.hour === 23)).toEqual({ hour: 23, count: 1 });
    expect(tenth.body.ticketsByHour.reduce((sum, h) => sum + h.count, 0)).toBe(1);
    expect(tenth.body.ticketsByHour.map((h) => h.hour)).toEqual([...Array.from({ length: 23 }, (_, i) => i + 1), 0]);
    expect(tenth.body.attendants.find((a) => a.id === me)).toEqual({
      id: me,
      name: 'Operadora A',
      rating: 3,
      tickets: 1,
      avgSupportTime: 30,
      online: false,
    });
    expect(tenth.body.attendants.find((a) => a.id === w.operatorB.user.id)).toMatchObject({ tickets: 0, rating: null });

    const eleventh = await dashboard({ date_from: '2026-03-11', date_to: '2026-03-11' });
    expect(eleventh.body.counters).toMatchObject({ supportPending: 1, supportFinished: 0, leads: 1, avgWaitTime: 0 });
    expect(eleventh.body.ticketsByHour.at(-1)).toEqual({ hour: 0, count: 1 });

    // `days` counts back from the company's today (the 11th): both days
    const both = await dashboard({ days: '2' });
    expect(both.body.period).toMatchObject({ from: '2026-03-10', to: '2026-03-11' });
    expect(both.body.counters).toMatchObject({ supportPending: 1, supportFinished: 1, leads: 2 });

    // deleting the resolved ticket takes it out of its day's statuses
    expect(
      (await apiCall('tickets', 'DELETE', '/tickets/{id}', { token: w.admin.token, pathParameters: { id: t.id } })).status,
    ).toBe(204);
    expect((await readDashboardDay(w.cid, '2026-03-10'))!.figures).toMatchObject({ created: 1, s_closed: 0, s_pending: 0 });
  });

  it('refuses a request without a filter with "Parametrize o filtro", and operators', async () => {
    const none = await dashboard({});
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('ERR_VALIDATION');
    expect(Object.values(none.body.fields ?? {})).toContain(DASHBOARD_MSG.filterRequired);
    expect((await dashboard({ date_from: '2026-03-10', date_to: '2026-03-01' })).status).toBe(400);
    expect((await dashboard({ days: '7' }, w.operatorA.token)).status).toBe(403);
  });

  it('a period with no activity answers zeros, every attendant listed', async () => {
    const quiet = await dashboard({ date_from: '2020-01-01', date_to: '2020-01-31' });
    expect(quiet.status).toBe(200);
    expect(quiet.body.counters).toEqual({
      supportPending: 0,
      supportHappening: 0,
      supportFinished: 0,
      leads: 0,
      avgSupportTime: 0,
      avgWaitTime: 0,
    });
    expect(quiet.body.attendants.map((a) => a.name)).toEqual(expect.arrayContaining(['Operadora A', 'Operador B']));
  });
});
