import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { createTestTenant, login } from './support/tenancy-fixtures';

const published = vi.hoisted(
  () => [] as { companyId: string; kind: string; data: Record<string, unknown>; audience: unknown }[],
);
vi.mock('../src/platform/realtime-publisher', () => ({
  publish: async (companyId: string, kind: string, data: Record<string, unknown>, audience: unknown) => {
    published.push({ companyId, kind, data, audience });
  },
}));

beforeAll(async () => {
  await useFreshTable();
});
beforeEach(() => {
  published.length = 0;
});

describe('realtime events of the users area', () => {
  it("publishes user update and delete on the company's user channel, to the whole company", async () => {
    const { admin, operator, company } = await createTestTenant();

    await apiCall('users', 'PUT', '/users/{id}', {
      pathParameters: { id: operator.user.id },
      token: admin.token,
      body: { status: false },
    });
    await apiCall('users', 'DELETE', '/users/{id}', { pathParameters: { id: operator.user.id }, token: admin.token });

    expect(published.map((p) => [p.companyId, p.kind, p.data.action, p.audience])).toEqual([
      [company.id, 'user', 'update', { kind: 'company' }],
      [company.id, 'user', 'delete', { kind: 'company' }],
    ]);
    expect(published[0]!.data.user).toMatchObject({ id: operator.user.id, status: false });
    expect(published[1]!.data.userId).toBe(operator.user.id);
  });

  it("tells the user's other consoles about a new sign-in, on the auth channel, to that user only", async () => {
    const { admin, company } = await createTestTenant();

    const signedIn = await login(admin.user.email, admin.password);

    expect(published).toEqual([
      {
        companyId: company.id,
        kind: 'auth',
        // The session id lets the other consoles tell this sign-in from their own (issue 8 item 14).
        data: { action: 'update', user: { id: admin.user.id }, sessionId: signedIn.body.sessionId },
        audience: { kind: 'user', userId: admin.user.id },
      },
    ]);
  });
});
