/**
 * Tenant isolation of the users and auth routes: an admin of company A can neither read nor change
 * users of company B through any route, whatever ids or companyIds it sends; a super user can.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE_NAME } from '@atende/shared';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { createTestTenant, createTestUser, login, type TestUser } from './support/tenancy-fixtures';
import { getActiveUserCount, getUser, listAllUsers } from '../src/data/users';

type Tenant = Awaited<ReturnType<typeof createTestTenant>>;

let a: Tenant;
let b: Tenant;
let superUser: TestUser;

beforeAll(async () => {
  await useFreshTable();
  a = await createTestTenant();
  b = await createTestTenant();
  const platform = await createTestTenant({ isPlatform: true, dueInDays: null });
  superUser = await createTestUser(platform.company.id, { profile: 'admin', super: true });
});

/** Everything about B that A must not be able to change. */
async function snapshotB() {
  const users = await listAllUsers(b.company.id);
  return {
    users: users.map(({ updatedAt: _u, ...rest }) => rest).sort((x, y) => x.id.localeCompare(y.id)),
    active: await getActiveUserCount(b.company.id),
  };
}

describe('admin of company A against company B', () => {
  it("cannot read, change, delete or list B's users through any users route", async () => {
    const before = await snapshotB();
    const token = a.admin.token;
    const idOfB = { id: b.operator.user.id };

    const attempts = {
      get: await apiCall('users', 'GET', '/users/{id}', { pathParameters: idOfB, token }),
      getNamingB: await apiCall('users', 'GET', '/users/{id}', {
        pathParameters: idOfB,
        token,
        query: { companyId: b.company.id },
      }),
      put: await apiCall('users', 'PUT', '/users/{id}', {
        pathParameters: idOfB,
        token,
        body: { name: 'Tomado', password: 'tomado123' },
      }),
      putNamingB: await apiCall('users', 'PUT', '/users/{id}', {
        pathParameters: idOfB,
        token,
        body: { name: 'Tomado', companyId: b.company.id },
      }),
      putAdminOfB: await apiCall('users', 'PUT', '/users/{id}', {
        pathParameters: { id: b.admin.user.id },
        token,
        body: { status: false },
      }),
      delete: await apiCall('users', 'DELETE', '/users/{id}', { pathParameters: idOfB, token }),
      deleteNamingB: await apiCall('users', 'DELETE', '/users/{id}', {
        pathParameters: idOfB,
        token,
        query: { companyId: b.company.id },
      }),
      drawer: await apiCall('users', 'PUT', '/users/drawer/{userId}', {
        pathParameters: { userId: b.operator.user.id },
        token,
        body: { drawerMenuOpen: false },
      }),
      list: await apiCall('users', 'GET', '/users', { token, query: { companyId: b.company.id } }),
      listAll: await apiCall('users', 'GET', '/users/list', { token, query: { companyId: b.company.id } }),
      create: await apiCall('users', 'POST', '/users', {
        token,
        body: { name: 'Intruso', email: 'intruso@test.local', password: 'intruso1', companyId: b.company.id },
      }),
    };

    for (const [route, res] of Object.entries(attempts)) {
      expect([403, 404], `${route} answered ${res.status}`).toContain(res.status);
      expect(JSON.stringify(res.body ?? {}), route).not.toContain(b.operator.user.email);
    }
    expect(await snapshotB()).toEqual(before);
    expect((await login('intruso@test.local', 'intruso1')).status).toBe(401);
  });

  it("sees only A's users in its own lists and searches", async () => {
    const page = await apiCall('users', 'GET', '/users', {
      token: a.admin.token,
      query: { searchParam: b.operator.user.email },
    });
    const list = await apiCall('users', 'GET', '/users/list', { token: a.admin.token });

    expect(page.body.users).toEqual([]);
    const ids = list.body.map((u: { id: string }) => u.id);
    expect(ids).toContain(a.operator.user.id);
    expect(ids).not.toContain(b.operator.user.id);
    expect(ids).not.toContain(b.admin.user.id);
  });

  it("cannot use B's refresh cookie pieces or its own token to reach B through the auth routes", async () => {
    const bCookie = (await login(b.operator.user.email, b.operator.password, '10.9.0.1')).cookies[REFRESH_COOKIE_NAME]!;
    const [, familyOfB] = bCookie.split('.');
    const aCookie = (await login(a.admin.user.email, a.admin.password, '10.9.0.2')).cookies[REFRESH_COOKIE_NAME]!;
    const [, , secretOfA] = aCookie.split('.');
    const spliced = `${a.company.id}.${familyOfB}.${secretOfA}`;

    const me = await apiCall('auth', 'GET', '/auth/me', { token: a.admin.token });
    const status = await apiCall('auth', 'GET', '/auth/statusAndDueDateAssignature', { token: a.admin.token });
    const refresh = await apiCall('auth', 'POST', '/auth/refresh_token', { cookie: { [REFRESH_COOKIE_NAME]: spliced } });
    const logout = await apiCall('auth', 'DELETE', '/auth/logout', { cookie: { [REFRESH_COOKIE_NAME]: spliced } });

    expect(me.body.company.id).toBe(a.company.id);
    expect(status.body.dueDate).toBe(a.company.dueDate);
    expect(refresh.status).toBe(401);
    expect(logout.status).toBe(204);
    // B's session is untouched by A's attempts.
    expect(
      (await apiCall('auth', 'POST', '/auth/refresh_token', { cookie: { [REFRESH_COOKIE_NAME]: bCookie } })).status,
    ).toBe(200);
  });
});

describe('operator of company A against company B', () => {
  it("cannot read B's users either", async () => {
    const token = a.operator.token;
    expect(
      (await apiCall('users', 'GET', '/users/{id}', { pathParameters: { id: b.operator.user.id }, token })).status,
    ).toBe(403);
    expect((await apiCall('users', 'GET', '/users/list', { token, query: { companyId: b.company.id } })).status).toBe(403);
  });
});

describe('super user', () => {
  it('can read, list, create, change and delete users of another company', async () => {
    const token = superUser.token;

    const read = await apiCall('users', 'GET', '/users/{id}', { pathParameters: { id: b.operator.user.id }, token });
    const list = await apiCall('users', 'GET', '/users', { token, query: { companyId: b.company.id } });
    const listAll = await apiCall('users', 'GET', '/users/list', { token, query: { companyId: b.company.id } });
    const created = await apiCall('users', 'POST', '/users', {
      token,
      body: {
        name: 'Criado Pelo Super',
        email: `super-made-${Date.now()}@test.local`,
        password: 'segredo1',
        companyId: b.company.id,
      },
    });
    const changed = await apiCall('users', 'PUT', '/users/{id}', {
      pathParameters: { id: created.body.id },
      token,
      body: { name: 'Alterado Pelo Super' },
    });
    const removed = await apiCall('users', 'DELETE', '/users/{id}', { pathParameters: { id: created.body.id }, token });

    expect(read.status).toBe(200);
    expect(read.body.companyId).toBe(b.company.id);
    expect(list.body.users.map((u: { id: string }) => u.id)).toContain(b.admin.user.id);
    expect(listAll.body.map((u: { id: string }) => u.id)).toContain(b.operator.user.id);
    expect(created.status).toBe(201);
    expect(created.body.companyId).toBe(b.company.id);
    expect(changed.body.name).toBe('Alterado Pelo Super');
    expect(removed.status).toBe(204);
    expect(await getUser(b.company.id, created.body.id)).toBeUndefined();
  });

  it('answers 404 when naming a company that does not exist', async () => {
    const res = await apiCall('users', 'GET', '/users/list', {
      token: superUser.token,
      query: { companyId: '01NOSUCHCOMPANY' },
    });
    expect(res.status).toBe(404);
  });
});
