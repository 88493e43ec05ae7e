import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { createTestTenant, login } from './support/tenancy-fixtures';

const published = vi.hoisted(() => [] as { companyId: string; channel: string; data: Record<string, unknown>; filtered: boolean }[]);
vi.mock('../src/platform/realtime-publisher', () => ({
  publishToCompany: async (companyId: string, channel: string, data: Record<string, unknown>, filter?: unknown) => {
    published.push({ companyId, channel, data, filtered: !!filter });
  },
}));

beforeAll(async () => {
  await useFreshTable();
});
beforeEach(() => {
  published.length = 0;
});

describe('realtime events of the users area', () => {
  it('publishes user update and delete on the company\'s user channel', async () => {
    const { admin, operator, company } = await createTestTenant();

    await apiCall('users', 'PUT', '/users/{id}', { pathParameters: { id: operator.user.id }, token: admin.token, body: { status: false } });
    await apiCall('users', 'DELETE', '/users/{id}', { pathParameters: { id: operator.user.id }, token: admin.token });

    expect(published.map((p) => [p.channel, p.data.action])).toEqual([
      [`company-${company.id}-user`, 'update'],
      [`company-${company.id}-user`, 'delete'],
    ]);
    expect(published[0]!.data.user).toMatchObject({ id: operator.user.id, status: false });
    expect(published[1]!.data.userId).toBe(operator.user.id);
  });

  it('tells the user\'s other consoles about a new sign-in, on the auth channel, to that user only', async () => {
    const { admin, company } = await createTestTenant();

    await login(admin.user.email, admin.password);

    expect(published).toEqual([{ companyId: company.id, channel: `company-${company.id}-auth`, data: { action: 'update', user: { id: admin.user.id } }, filtered: true }]);
  });
});
