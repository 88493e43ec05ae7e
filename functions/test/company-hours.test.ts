/**
 * Issue 26 item 2 "Hours": `PUT /companies/{id}/schedules` (own company for admins, any for super
 * users), HH:MM validated, read back by `GET /companies/{id}`, and applied by the bot in the company's
 * time zone, which the same call edits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COMPANY_SCHEDULES, type ConnectionDto } from '@atende/shared';
import { forgetBotSetups } from '../src/domain/bots/bot-setup';
import { apiCall } from './support/api-event';
import { customerSays, newNumber, startWorkspaceEmulators, ticketOf, type Workspace } from './support/ticket-fixtures';
import { createTestTenant, createTestUser } from './support/tenancy-fixtures';

let queues: Awaited<ReturnType<typeof startWorkspaceEmulators>>;
beforeAll(async () => {
  queues = await startWorkspaceEmulators();
});
afterAll(async () => {
  await queues?.stop();
});

const WEEK = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Every day open from an hour before to an hour after this moment in UTC (clipped to the day). */
function openAroundNowUtc() {
  const now = new Date();
  const minutes = now.getUTCHours() * 60 + now.getUTCMinutes();
  return WEEK.map((weekdayEn) => ({
    weekdayEn,
    startTime: hhmm(Math.max(0, minutes - 60)),
    endTime: hhmm(Math.min(23 * 60 + 59, minutes + 60)),
  }));
}

const putHours = (token: string, id: string, body: object) =>
  apiCall('companies', 'PUT', '/companies/{id}/schedules', { token, pathParameters: { id }, body });

describe('company hours', () => {
  it('starts with the spec defaults and lets an admin change only their own company', async () => {
    const t = await createTestTenant();
    const other = await createTestTenant();
    const shown = await apiCall('companies', 'GET', '/companies/{id}', {
      token: t.admin.token,
      pathParameters: { id: t.company.id },
    });
    expect(shown.body.schedules).toEqual(DEFAULT_COMPANY_SCHEDULES);

    const mine = await putHours(t.admin.token, t.company.id, {
      id: t.company.id,
      schedules: openAroundNowUtc(),
      timeZone: 'UTC',
    });
    expect(mine, JSON.stringify(mine.body)).toMatchObject({ status: 200, body: { id: t.company.id, timeZone: 'UTC' } });
    expect(mine.body.schedules[1]).toMatchObject({ weekday: 'Segunda-feira', weekdayEn: 'monday' });

    expect((await putHours(t.admin.token, other.company.id, { schedules: [] })).status).toBe(404);
    const operator = await createTestUser(t.company.id);
    expect((await putHours(operator.token, t.company.id, { schedules: [] })).status).toBe(403);
    const superUser = await createTestUser(other.company.id, { super: true, profile: 'admin' });
    expect((await putHours(superUser.token, t.company.id, { schedules: openAroundNowUtc() })).status).toBe(200);
  });

  it('refuses times outside HH:MM, a weekday twice, a body naming another company, and an unknown time zone', async () => {
    const t = await createTestTenant();
    const put = (body: object) => putHours(t.admin.token, t.company.id, body);
    expect((await put({ schedules: [{ weekdayEn: 'monday', startTime: '8:00', endTime: '18:00' }] })).status).toBe(400);
    expect((await put({ schedules: [{ weekdayEn: 'monday', startTime: '08:00', endTime: '24:30' }] })).status).toBe(400);
    const twice = [
      { weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
      { weekdayEn: 'monday', startTime: '09:00', endTime: '10:00' },
    ];
    expect((await put({ schedules: twice })).status).toBe(400);
    expect((await put({ id: 'another', schedules: [] })).status).toBe(400);
    expect((await put({ schedules: [], timeZone: 'Mars/Olympus' })).status).toBe(400);
  });

  it("applies the hours in the company's time zone", async () => {
    const t = await createTestTenant({ settings: [{ key: 'scheduleType', value: 'company' }] });
    const created = await apiCall('whatsapp', 'POST', '/whatsapp', {
      token: t.admin.token,
      body: { name: `Conexão ${newNumber()}`, queueIds: [], greetingMessage: 'Olá!', outOfHoursMessage: 'Fechados.' },
    });
    const w = { ...t, cid: t.company.id, connection: created.body as ConnectionDto } as unknown as Workspace;
    const firstReply = async () => {
      forgetBotSetups(); // the bots' 5 s cache, as its expiry would
      const number = newNumber();
      await customerSays(w, { number, body: 'oi' });
      const ticket = (await ticketOf(w, number))!;
      const res = await apiCall('messages', 'GET', '/messages/{id}', {
        token: t.admin.token,
        pathParameters: { id: ticket.id },
      });
      return (res.body.messages as { body: string; fromMe: boolean }[]).find((m) => m.fromMe)?.body;
    };

    await putHours(t.admin.token, t.company.id, { schedules: openAroundNowUtc(), timeZone: 'UTC' });
    expect(await firstReply()).toBe('Olá!');
    // Same hours, read 14 hours ahead: closed.
    await putHours(t.admin.token, t.company.id, { schedules: openAroundNowUtc(), timeZone: 'Pacific/Kiritimati' });
    expect(await firstReply()).toBe('Fechados.');
  });
});
