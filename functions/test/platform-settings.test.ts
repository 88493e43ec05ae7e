/** Issue 10 item 8: super users' panels — stored server-side, secrets never sent back in clear. */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { createTestCompany, createTestTenant, createTestUser, type TestUser } from './support/tenancy-fixtures';

let superUser: TestUser;
beforeAll(async () => {
  await useFreshTable();
  const { company } = await createTestCompany({ isPlatform: true, dueInDays: null, name: 'Plataforma Painéis' });
  superUser = await createTestUser(company.id, { profile: 'admin', super: true });
});

describe('platform settings panels', () => {
  it('stores a secret without ever answering it, and refuses everyone but super users', async () => {
    const secret = 'sg-super-secret-value-123456';
    const put = await apiCall('platformsettings', 'PUT', '/platform-settings/{key}', {
      token: superUser.token,
      pathParameters: { key: 'apiKeySendGrid' },
      body: { value: secret },
    });
    expect(put.body).toEqual({ key: 'apiKeySendGrid', kind: 'secret', set: true });
    await apiCall('platformsettings', 'PUT', '/platform-settings/{key}', {
      token: superUser.token,
      pathParameters: { key: 'efiClientId' },
      body: { value: 'client-id-1' },
    });

    const read = await apiCall('platformsettings', 'GET', '/platform-settings', { token: superUser.token });
    expect(JSON.stringify(read.body)).not.toContain(secret);
    expect(read.body.settings).toContainEqual({ key: 'apiKeySendGrid', kind: 'secret', set: true });
    expect(read.body.settings).toContainEqual({ key: 'efiClientId', kind: 'text', value: 'client-id-1' });

    const { admin } = await createTestTenant();
    expect((await apiCall('platformsettings', 'GET', '/platform-settings', { token: admin.token })).status).toBe(403);
    const unknownKey = await apiCall('platformsettings', 'PUT', '/platform-settings/{key}', {
      token: superUser.token,
      pathParameters: { key: 'userRating' },
      body: { value: 'x' },
    });
    expect(unknownKey.status).toBe(400);
  });
});
