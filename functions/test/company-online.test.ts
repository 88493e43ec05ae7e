/** Issue 10 "Reports tab": GET /companies/listOnline/{minutes} from the last-seen index. */
import { beforeAll, describe, expect, it } from 'vitest';
import { putCompanySeen } from '../src/data/last-seen';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { createTestCompany, createTestTenant, createTestUser, login, type TestUser } from './support/tenancy-fixtures';

let superUser: TestUser;
beforeAll(async () => {
  await useFreshTable();
  const { company } = await createTestCompany({ isPlatform: true, dueInDays: null, name: 'Plataforma Relatórios' });
  superUser = await createTestUser(company.id, { profile: 'admin', super: true });
});

const online = (token: string, minutes: string) =>
  apiCall('companies', 'GET', '/companies/listOnline/{minutes}', { token, pathParameters: { minutes } });

describe('online clients', () => {
  it('lists the companies whose users signed in within the window, newest first', async () => {
    const signedIn = await createTestTenant();
    const earlier = await createTestTenant();
    const idle = await createTestTenant();
    await putCompanySeen(earlier.company.id, new Date(Date.now() - 30 * 60_000));
    await putCompanySeen(idle.company.id, new Date(Date.now() - 3 * 60 * 60_000));
    expect((await login(signedIn.operator.user.email, signedIn.operator.password)).status).toBe(200);

    const tenMinutes = await online(superUser.token, '10');
    expect(tenMinutes.status).toBe(200);
    const ids10 = tenMinutes.body.map((c: { id: string }) => c.id);
    expect(ids10).toContain(signedIn.company.id);
    expect(ids10).not.toContain(earlier.company.id);
    expect(ids10).not.toContain(idle.company.id);
    expect(tenMinutes.body.find((c: { id: string }) => c.id === signedIn.company.id)).toMatchObject({
      name: signedIn.company.name,
      email: signedIn.company.email,
    });

    const hour = (await online(superUser.token, '60')).body.map((c: { id: string }) => c.id);
    expect(hour.indexOf(signedIn.company.id)).toBeLessThan(hour.indexOf(earlier.company.id));
    expect(hour).not.toContain(idle.company.id);
  });

  it('never moves a company back in time', async () => {
    const { company } = await createTestCompany();
    await putCompanySeen(company.id, new Date());
    await putCompanySeen(company.id, new Date(Date.now() - 60 * 60_000));
    expect((await online(superUser.token, '5')).body.map((c: { id: string }) => c.id)).toContain(company.id);
  });

  it('is for super users only and wants a time of at least one minute', async () => {
    const { admin } = await createTestTenant();
    expect((await online(admin.token, '10')).status).toBe(403);
    expect(await online(superUser.token, '0')).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect((await online(superUser.token, 'abc')).status).toBe(400);
  });
});
