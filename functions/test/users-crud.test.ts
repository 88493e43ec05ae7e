import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '@atende/shared';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { createTestTenant, createTestUser, login } from './support/tenancy-fixtures';
import { getActiveUserCount } from '../src/data/users';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../src/data/client';

beforeAll(async () => {
  await useFreshTable();
});

const newUser = (over: Record<string, unknown> = {}) => ({
  name: 'Maria Souza',
  email: `maria-${Math.random().toString(36).slice(2)}@test.local`,
  password: 'segredo1',
  profile: 'user',
  ...over,
});

describe('POST /users', () => {
  it('creates a user the new user can sign in with', async () => {
    const { admin, company } = await createTestTenant();
    const input = newUser({ queueIds: [] });

    const res = await apiCall('users', 'POST', '/users', { token: admin.token, body: input });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Maria Souza',
      email: input.email,
      profile: 'user',
      status: true,
      super: false,
      companyId: company.id,
      queues: [],
    });
    expect(res.body.password).toBeUndefined();
    expect(res.body.passwordHash).toBeUndefined();
    expect((await login(input.email, 'segredo1')).status).toBe(200);
  });

  it("validates with the spec's messages", async () => {
    const { admin } = await createTestTenant();
    const call = (body: unknown) => apiCall('users', 'POST', '/users', { token: admin.token, body });

    const short = await call(newUser({ name: 'A', email: 'bad', password: '123' }));
    const long = await call(newUser({ name: 'x'.repeat(51), password: 'p'.repeat(51) }));
    const missing = await call({ password: 'segredo1' });

    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({
      name: 'validation.tooShort',
      email: 'validation.invalidEmail',
      password: 'validation.tooShort',
    });
    expect(long.body.fields).toEqual({ name: 'validation.tooLong', password: 'validation.tooLong' });
    expect(missing.body.fields).toMatchObject({ name: 'validation.required', email: 'validation.required' });
  });

  it('keeps e-mails unique across the platform', async () => {
    const a = await createTestTenant();
    const b = await createTestTenant();

    const res = await apiCall('users', 'POST', '/users', {
      token: a.admin.token,
      body: newUser({ email: b.operator.user.email.toUpperCase() }),
    });

    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_EMAIL_ALREADY_EXISTS');
  });

  it('lets exactly one of two concurrent creates with the same e-mail succeed', async () => {
    const { admin } = await createTestTenant();
    const email = `race-${Date.now()}@test.local`;

    const results = await Promise.all([
      apiCall('users', 'POST', '/users', { token: admin.token, body: newUser({ email, name: 'Primeiro' }) }),
      apiCall('users', 'POST', '/users', { token: admin.token, body: newUser({ email, name: 'Segundo' }) }),
    ]);

    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.status === 400)!.body.error).toBe('ERR_EMAIL_ALREADY_EXISTS');
    const list = await apiCall('users', 'GET', '/users/list', { token: admin.token });
    expect(list.body.filter((u: { email: string }) => u.email === email)).toHaveLength(1);
  });

  it('is for admins only', async () => {
    const { operator } = await createTestTenant();
    const res = await apiCall('users', 'POST', '/users', { token: operator.token, body: newUser() });
    expect(res.status).toBe(403);
  });

  it('lets only super users create super users', async () => {
    const { admin } = await createTestTenant();
    const res = await apiCall('users', 'POST', '/users', { token: admin.token, body: newUser({ super: true }) });
    expect(res.status).toBe(403);
  });

  it("resolves queue ids to the company's queues", async () => {
    const { admin, company } = await createTestTenant();
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { PK: `C#${company.id}#QUEUE#Q1`, SK: 'QUEUE', name: 'Vendas', color: '#ff0000' },
      }),
    );

    const res = await apiCall('users', 'POST', '/users', {
      token: admin.token,
      body: newUser({ queueIds: ['Q1', 'Q-missing'] }),
    });

    expect(res.body.queues).toEqual([{ id: 'Q1', name: 'Vendas', color: '#ff0000' }]);
  });
});

describe('plan user limit', () => {
  it("refuses creating or activating a user beyond the plan's active users", async () => {
    const { admin, company } = await createTestTenant({ planUsers: 3 }); // admin + operator = 2 active
    const third = await apiCall('users', 'POST', '/users', { token: admin.token, body: newUser() });
    const fourth = await apiCall('users', 'POST', '/users', { token: admin.token, body: newUser() });
    const inactive = await apiCall('users', 'POST', '/users', { token: admin.token, body: newUser({ status: false }) });
    const activate = await apiCall('users', 'PUT', '/users/{id}', {
      pathParameters: { id: inactive.body.id },
      token: admin.token,
      body: { status: true },
    });

    expect(third.status).toBe(201);
    expect(fourth.status).toBe(400);
    expect(fourth.body.error).toBe('ERR_USER_LIMIT_ACTIVE');
    expect(inactive.status).toBe(201);
    expect(activate.status).toBe(400);
    expect(activate.body.error).toBe('ERR_USER_LIMIT_ACTIVE');
    expect(await getActiveUserCount(company.id)).toBe(3);
  });

  it('frees a seat when a user is deactivated or deleted', async () => {
    const { admin, operator, company } = await createTestTenant({ planUsers: 2 });
    expect((await apiCall('users', 'POST', '/users', { token: admin.token, body: newUser() })).status).toBe(400);

    await apiCall('users', 'PUT', '/users/{id}', {
      pathParameters: { id: operator.user.id },
      token: admin.token,
      body: { status: false },
    });
    const created = await apiCall('users', 'POST', '/users', { token: admin.token, body: newUser() });
    await apiCall('users', 'DELETE', '/users/{id}', { pathParameters: { id: created.body.id }, token: admin.token });
    const again = await apiCall('users', 'POST', '/users', { token: admin.token, body: newUser() });

    expect(created.status).toBe(201);
    expect(again.status).toBe(201);
    expect(await getActiveUserCount(company.id)).toBe(2);
  });

  it('holds under concurrent creates', async () => {
    const { admin, company } = await createTestTenant({ planUsers: 4 });

    const results = await Promise.all(
      Array.from({ length: 4 }, () => apiCall('users', 'POST', '/users', { token: admin.token, body: newUser() })),
    );

    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(await getActiveUserCount(company.id)).toBe(4);
  });
});

describe('GET /users/{id} and PUT /users/{id}', () => {
  it('lets an admin read and edit a user of the company, e-mail and password included', async () => {
    const { admin, operator } = await createTestTenant();
    const email = `novo-${Date.now()}@test.local`;

    const res = await apiCall('users', 'PUT', '/users/{id}', {
      pathParameters: { id: operator.user.id },
      token: admin.token,
      body: { name: 'Operador Renomeado', email, password: 'outra-senha', profile: 'supervisor', queueIds: [] },
    });
    const read = await apiCall('users', 'GET', '/users/{id}', {
      pathParameters: { id: operator.user.id },
      token: admin.token,
    });

    expect(res.status).toBe(200);
    expect(read.body).toMatchObject({ name: 'Operador Renomeado', email, profile: 'supervisor' });
    expect((await login(email, 'outra-senha')).status).toBe(200);
    expect((await login(operator.user.email, operator.password)).status).toBe(401);
    // the old e-mail is free again
    expect(
      (await apiCall('users', 'POST', '/users', { token: admin.token, body: newUser({ email: operator.user.email }) }))
        .status,
    ).toBe(201);
  });

  it('keeps the password when it is sent empty', async () => {
    const { admin, operator } = await createTestTenant();
    await apiCall('users', 'PUT', '/users/{id}', {
      pathParameters: { id: operator.user.id },
      token: admin.token,
      body: { name: 'Sem Senha', password: '' },
    });
    expect((await login(operator.user.email, operator.password)).status).toBe(200);
  });

  it('refuses an e-mail another user has', async () => {
    const { admin, operator } = await createTestTenant();
    const res = await apiCall('users', 'PUT', '/users/{id}', {
      pathParameters: { id: operator.user.id },
      token: admin.token,
      body: { email: admin.user.email },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_EMAIL_ALREADY_EXISTS');
  });

  it('does not let an admin deactivate themself', async () => {
    const { admin } = await createTestTenant();
    const res = await apiCall('users', 'PUT', '/users/{id}', {
      pathParameters: { id: admin.user.id },
      token: admin.token,
      body: { status: false },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_CANNOT_DEACTIVATE_SELF');
    expect(res.body).toEqual({ error: 'ERR_CANNOT_DEACTIVATE_SELF' });
  });

  it('lets an operator edit their own name, e-mail and password with the whole form, but not profile, status or queues', async () => {
    const { operator } = await createTestTenant();
    const own = { pathParameters: { id: operator.user.id }, token: operator.token };

    const ok = await apiCall('users', 'PUT', '/users/{id}', {
      ...own,
      body: { name: 'Meu Nome', email: operator.user.email, password: '', profile: 'user', status: true, queueIds: [] },
    });
    const profile = await apiCall('users', 'PUT', '/users/{id}', { ...own, body: { profile: 'admin' } });
    const status = await apiCall('users', 'PUT', '/users/{id}', { ...own, body: { status: false } });
    const queues = await apiCall('users', 'PUT', '/users/{id}', { ...own, body: { queueIds: ['Q1'] } });
    const superFlag = await apiCall('users', 'PUT', '/users/{id}', { ...own, body: { super: true } });

    expect(ok.status).toBe(200);
    expect(ok.body.name).toBe('Meu Nome');
    expect([profile.status, status.status, queues.status, superFlag.status]).toEqual([403, 403, 403, 403]);
  });

  it('does not let an operator read or edit anyone else', async () => {
    const { admin, operator } = await createTestTenant();
    const target = { pathParameters: { id: admin.user.id }, token: operator.token };

    expect((await apiCall('users', 'GET', '/users/{id}', target)).status).toBe(403);
    expect((await apiCall('users', 'PUT', '/users/{id}', { ...target, body: { name: 'Invasor' } })).status).toBe(403);
    expect((await apiCall('users', 'DELETE', '/users/{id}', target)).status).toBe(403);
    expect((await apiCall('users', 'GET', '/users', { token: operator.token })).status).toBe(403);
    expect(
      (await apiCall('users', 'GET', '/users/{id}', { pathParameters: { id: admin.user.id }, token: admin.token })).body
        .name,
    ).toBe('Admin Teste');
  });

  it('does not let a plain admin touch a super user of the same company', async () => {
    const { admin, company } = await createTestTenant();
    const superUser = await createTestUser(company.id, { profile: 'admin', super: true });

    const res = await apiCall('users', 'PUT', '/users/{id}', {
      pathParameters: { id: superUser.user.id },
      token: admin.token,
      body: { password: 'tomada123' },
    });

    expect(res.status).toBe(403);
  });

  it('answers 404 ERR_NO_USER_FOUND for an unknown id', async () => {
    const { admin } = await createTestTenant();
    const res = await apiCall('users', 'GET', '/users/{id}', { pathParameters: { id: '01UNKNOWN' }, token: admin.token });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('ERR_NO_USER_FOUND');
  });
});

describe('DELETE /users/{id}', () => {
  it('removes the user, frees the e-mail and ends their login', async () => {
    const { admin, operator } = await createTestTenant();

    const res = await apiCall('users', 'DELETE', '/users/{id}', {
      pathParameters: { id: operator.user.id },
      token: admin.token,
    });

    expect(res.status).toBe(204);
    expect(
      (await apiCall('users', 'GET', '/users/{id}', { pathParameters: { id: operator.user.id }, token: admin.token }))
        .status,
    ).toBe(404);
    expect((await login(operator.user.email, operator.password)).status).toBe(401);
    expect((await createTestUser(admin.user.companyId, { email: operator.user.email })).user.email).toBe(
      operator.user.email,
    );
  });

  it('refuses deleting yourself', async () => {
    const { admin } = await createTestTenant();
    const res = await apiCall('users', 'DELETE', '/users/{id}', {
      pathParameters: { id: admin.user.id },
      token: admin.token,
    });
    expect(res.status).toBe(403);
  });
});

describe('GET /users and GET /users/list', () => {
  it('answers a page number past the end with an empty page, and an absurd one with 400 (was a 500)', async () => {
    const { admin } = await createTestTenant();
    const far = await apiCall('users', 'GET', '/users', { token: admin.token, query: { pageNumber: 100_000 } });
    expect(far.status).toBe(200);
    expect(far.body).toMatchObject({ users: [], hasMore: false });
    const absurd = await apiCall('users', 'GET', '/users', {
      token: admin.token,
      query: { pageNumber: Number.MAX_SAFE_INTEGER },
    });
    expect(absurd.status).toBe(400);
    expect(absurd.body.error).toBe('ERR_VALIDATION');
  });

  it('pages by name with hasMore and a cursor, and by pageNumber', async () => {
    const { admin, company } = await createTestTenant({ planUsers: 100 });
    for (let i = 0; i < PAGE_SIZE + 3; i++)
      await createTestUser(company.id, { name: `Pessoa ${String(i).padStart(2, '0')}` });

    const first = await apiCall('users', 'GET', '/users', { token: admin.token });
    const second = await apiCall('users', 'GET', '/users', { token: admin.token, query: { cursor: first.body.cursor } });
    const byNumber = await apiCall('users', 'GET', '/users', { token: admin.token, query: { pageNumber: 2 } });

    const total = PAGE_SIZE + 5; // + admin + operator
    expect(first.body.users).toHaveLength(PAGE_SIZE);
    expect(first.body.hasMore).toBe(true);
    expect(second.body.users).toHaveLength(total - PAGE_SIZE);
    expect(second.body.hasMore).toBe(false);
    expect(byNumber.body.users.map((u: { id: string }) => u.id)).toEqual(second.body.users.map((u: { id: string }) => u.id));
    const names = [...first.body.users, ...second.body.users].map((u: { name: string }) => u.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('filters by name or e-mail, ignoring case and accents', async () => {
    const { admin, company } = await createTestTenant();
    await createTestUser(company.id, { name: 'João Álvares' });
    await createTestUser(company.id, { name: 'Pedro', email: `pedro.joao-${Date.now()}@test.local` });

    const res = await apiCall('users', 'GET', '/users', { token: admin.token, query: { searchParam: 'JOAO' } });

    expect(res.body.users.map((u: { name: string }) => u.name).sort()).toEqual(['João Álvares', 'Pedro']);
    expect(res.body.hasMore).toBe(false);
  });

  it('rejects a forged cursor with 400', async () => {
    const { admin } = await createTestTenant();
    const cursor = Buffer.from(
      JSON.stringify({ PK: 'C#other#USER', SK: 'x', GSI1PK: 'C#other#USER', GSI1SK: 'x' }),
    ).toString('base64url');
    const res = await apiCall('users', 'GET', '/users', { token: admin.token, query: { cursor } });
    expect(res.status).toBe(400);
  });

  it('/users/list answers every user of the company to any user', async () => {
    const { admin, operator } = await createTestTenant();
    const res = await apiCall('users', 'GET', '/users/list', { token: operator.token });
    expect(res.status).toBe(200);
    expect(res.body.map((u: { id: string }) => u.id).sort()).toEqual([admin.user.id, operator.user.id].sort());
  });
});

describe('PUT /users/drawer/{userId}', () => {
  it('stores the side-menu state of the user themself only', async () => {
    const { admin, operator } = await createTestTenant();

    const own = await apiCall('users', 'PUT', '/users/drawer/{userId}', {
      pathParameters: { userId: operator.user.id },
      token: operator.token,
      body: { drawerMenuOpen: false },
    });
    const other = await apiCall('users', 'PUT', '/users/drawer/{userId}', {
      pathParameters: { userId: operator.user.id },
      token: admin.token,
      body: { drawerMenuOpen: true },
    });
    const me = await apiCall('auth', 'GET', '/auth/me', { token: operator.token });

    expect(own.status).toBe(200);
    expect(other.status).toBe(403);
    expect(me.body.drawerMenuOpen).toBe(false);
  });
});
