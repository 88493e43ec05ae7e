/**
 * Issue 27 item 4: super users switch a company's useApi, useFacebook and useInstagram in the
 * Companies form (they are the company's settings); useApi then opens the external send API to the
 * company's connection tokens.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { generateApiToken } from '@atende/shared';
import { getSetting } from '../src/data/settings';
import { apiCall } from './support/api-event';
import { useApiWithQueues } from './support/api-with-queues';
import { createTestCompany, createTestTenant, createTestUser, type TestUser } from './support/tenancy-fixtures';

useApiWithQueues();
let superUser: TestUser;
beforeAll(async () => {
  const platform = await createTestCompany({ isPlatform: true, dueInDays: null });
  superUser = await createTestUser(platform.company.id, { profile: 'admin', super: true });
});

const companyBody = (company: { name: string; planId: string }, over: Record<string, unknown> = {}) => ({
  name: company.name,
  email: 'contato@cliente.com.br',
  phone: '11988887777',
  vat: '295.379.955-93',
  planId: company.planId,
  ...over,
});

describe('channel options in the Companies form', () => {
  it('super users switch them; they are stored as the settings and read back; an admin may not', async () => {
    const t = await createTestTenant();
    const put = (token: string, over: Record<string, unknown>) =>
      apiCall('companies', 'PUT', '/companies/{id}', {
        token,
        pathParameters: { id: t.company.id },
        body: companyBody(t.company, over),
      });

    const before = await apiCall('companies', 'GET', '/companies/{id}', {
      token: superUser.token,
      pathParameters: { id: t.company.id },
    });
    expect(before.body).toMatchObject({ useApi: false, useFacebook: false, useInstagram: false });

    expect((await put(t.admin.token, { useApi: true })).status).toBe(403);
    expect(await getSetting(t.company.id, 'useApi')).not.toBe('true');

    const saved = await put(superUser.token, { useApi: true, useInstagram: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ useApi: true, useFacebook: false, useInstagram: true });
    expect(await getSetting(t.company.id, 'useApi')).toBe('true');
    expect(await getSetting(t.company.id, 'useInstagram')).toBe('true');

    // absent = unchanged
    expect((await put(superUser.token, {})).body).toMatchObject({ useApi: true, useInstagram: true });
    expect((await put(superUser.token, { useApi: 'yes' })).status).toBe(400);
  });

  it('useApi switched on lets the company set a connection token and send with it; off, the API refuses it', async () => {
    const t = await createTestTenant();
    const setUseApi = (on: boolean) =>
      apiCall('companies', 'PUT', '/companies/{id}', {
        token: superUser.token,
        pathParameters: { id: t.company.id },
        body: companyBody(t.company, { useApi: on }),
      });
    const token = generateApiToken();
    expect(
      (await apiCall('whatsapp', 'POST', '/whatsapp', { token: t.admin.token, body: { name: 'A', token } })).status,
    ).toBe(403);

    expect((await setUseApi(true)).status).toBe(200);
    expect(
      (await apiCall('whatsapp', 'POST', '/whatsapp', { token: t.admin.token, body: { name: 'A', token } })).status,
    ).toBe(201);
    const send = () =>
      apiCall('messages', 'POST', '/messages/send', { token, body: { number: '5511987650001', body: 'Olá' } });
    expect((await send()).status).toBe(201);

    expect((await setUseApi(false)).status).toBe(200);
    expect((await send()).status).toBe(403);
  });
});
