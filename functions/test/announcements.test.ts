/** Issue 10 item 7: announcements — super users write; every company reads only the active ones. */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { createTestCompany, createTestTenant, createTestUser, type TestUser } from './support/tenancy-fixtures';

let superUser: TestUser;
beforeAll(async () => {
  await useFreshTable();
  const { company } = await createTestCompany({ isPlatform: true, dueInDays: null, name: 'Plataforma Avisos' });
  superUser = await createTestUser(company.id, { profile: 'admin', super: true });
});

describe('announcements', () => {
  it('are written by super users only; companies see active ones, newest first', async () => {
    const { admin, operator } = await createTestTenant();
    const refused = await apiCall('announcements', 'POST', '/announcements', {
      token: admin.token,
      body: { title: 'x', text: 'y' },
    });
    expect(refused.status).toBe(403);

    const a = await apiCall('announcements', 'POST', '/announcements', {
      token: superUser.token,
      body: { title: 'Manutenção', text: 'Sábado às 22h', priority: 1 },
    });
    const b = await apiCall('announcements', 'POST', '/announcements', {
      token: superUser.token,
      body: { title: 'Rascunho', text: 'não publicado', status: false },
    });
    expect(a.body).toMatchObject({ priority: 1, status: true, mediaUrl: null });

    const seen = await apiCall('announcements', 'GET', '/announcements', { token: operator.token });
    expect(seen.body.records.map((r: { id: string }) => r.id)).toEqual([a.body.id]);
    expect(
      (
        await apiCall('announcements', 'GET', '/announcements/{id}', {
          token: operator.token,
          pathParameters: { id: b.body.id },
        })
      ).status,
    ).toBe(404);
    const all = await apiCall('announcements', 'GET', '/announcements', { token: superUser.token });
    expect(all.body.records.map((r: { id: string }) => r.id)).toEqual([b.body.id, a.body.id]);

    const missingTitle = await apiCall('announcements', 'POST', '/announcements', {
      token: superUser.token,
      body: { text: 'y' },
    });
    expect(missingTitle).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });
});
