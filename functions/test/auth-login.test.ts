import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REFRESH_COOKIE_NAME } from '@atende/shared';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { createTestTenant, createTestUser, login, tokenFor } from './support/tenancy-fixtures';

beforeAll(async () => {
  await useFreshTable();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /auth/login', () => {
  it('answers a token, the user with company and settings, the subscription and an httpOnly refresh cookie', async () => {
    const { admin, company, plan } = await createTestTenant();

    const res = await login(admin.user.email, admin.password);

    expect(res.status).toBe(200);
    expect(res.body.user.company.plan).toEqual({
      id: plan.id,
      name: plan.name,
      users: plan.users,
      connections: plan.connections,
      queues: plan.queues,
      useIntegration: plan.useIntegration,
    });
    expect(typeof res.body.token).toBe('string');
    expect(res.body.user).toMatchObject({
      id: admin.user.id,
      email: admin.user.email,
      profile: 'admin',
      companyId: company.id,
      queues: [],
    });
    expect(res.body.user.passwordHash).toBeUndefined();
    expect(res.body.user.company).toMatchObject({ id: company.id, name: company.name, status: true });
    expect(res.body.user.company.settings).toContainEqual({ key: 'useApi', value: 'false' });
    expect(res.body.subscription).toMatchObject({ status: 'active', daysLeft: 30 });
    expect(res.cookies[REFRESH_COOKIE_NAME]).toBeTruthy();
    expect(res.setCookies[0]).toMatch(/HttpOnly/);
    expect(res.setCookies[0]).toMatch(/Path=\//);
    expect(res.setCookies[0]).toMatch(/SameSite=Lax/);
    expect(res.setCookies[0]).toMatch(/Secure/);
  });

  it('accepts the e-mail in any case', async () => {
    const { operator } = await createTestTenant();
    const res = await login(operator.user.email.toUpperCase(), operator.password);
    expect(res.status).toBe(200);
  });

  it('gives the same 401 for a wrong password and for an unknown e-mail', async () => {
    const { admin } = await createTestTenant();

    const wrongPassword = await login(admin.user.email, 'wrong-password', '10.1.0.1');
    const unknownEmail = await login('nobody@test.local', 'whatever', '10.1.0.2');

    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ error: 'ERR_INVALID_CREDENTIALS' });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(wrongPassword.cookies[REFRESH_COOKIE_NAME]).toBeUndefined();
  });

  it('rejects an inactive user with a clear warning', async () => {
    const { company } = await createTestTenant();
    const inactive = await createTestUser(company.id, { status: false });

    const res = await login(inactive.user.email, inactive.password);

    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_USER_INACTIVE');
    expect(res.body).toEqual({ error: 'ERR_USER_INACTIVE' }); // a code only: the console has the text
  });

  it('rejects users of a deactivated company', async () => {
    const { admin } = await createTestTenant({ status: false });
    const res = await login(admin.user.email, admin.password);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_COMPANY_INACTIVE');
  });

  it('lets an admin of an overdue company in (to pay) but refuses its operators', async () => {
    const { admin, operator } = await createTestTenant({ dueInDays: -3 });

    const adminRes = await login(admin.user.email, admin.password);
    const operatorRes = await login(operator.user.email, operator.password);

    expect(adminRes.status).toBe(200);
    expect(adminRes.body.subscription.status).toBe('expired');
    expect(operatorRes.status).toBe(403);
    expect(operatorRes.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
  });

  it('keeps everyone in during the one-day grace after the due date', async () => {
    const { operator } = await createTestTenant({ dueInDays: -0.5 });
    const res = await login(operator.user.email, operator.password);
    expect(res.status).toBe(200);
    expect(res.body.subscription.status).toBe('active');
  });

  it('warns when 1 to 4 rounded days remain', async () => {
    const { admin } = await createTestTenant({ dueInDays: 3.2 });
    const res = await login(admin.user.email, admin.password);
    expect(res.body.subscription).toMatchObject({ status: 'warning', daysLeft: 3 });
  });

  it('exempts super users from company rules', async () => {
    const { company } = await createTestTenant({ dueInDays: -10, status: false });
    const superUser = await createTestUser(company.id, { profile: 'admin', super: true });
    const res = await login(superUser.user.email, superUser.password);
    expect(res.status).toBe(200);
  });

  it('answers 400 with the field messages for malformed input', async () => {
    const res = await apiCall('auth', 'POST', '/auth/login', { body: { email: 'not-an-email', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ email: 'validation.invalidEmail', password: 'validation.required' });
  });
});

describe('access token', () => {
  it('is accepted by GET /auth/me, which answers the session user', async () => {
    const { admin, company } = await createTestTenant();
    const { body: session } = await login(admin.user.email, admin.password);

    const me = await apiCall('auth', 'GET', '/auth/me', { token: session.token });

    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: admin.user.id, company: { id: company.id } });
  });

  it('expired → 403 ERR_SESSION_EXPIRED (refresh and retry); garbage or missing → 401', async () => {
    const { operator } = await createTestTenant();
    const token = await tokenFor(operator.user);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);
    const expired = await apiCall('auth', 'GET', '/auth/me', { token });
    vi.useRealTimers();
    const garbage = await apiCall('auth', 'GET', '/auth/me', { token: 'not.a.jwt' });
    const missing = await apiCall('auth', 'GET', '/auth/me');

    expect(expired.status).toBe(403);
    expect(expired.body.error).toBe('ERR_SESSION_EXPIRED');
    expect(garbage.status).toBe(401);
    expect(missing.status).toBe(401);
  });

  it('of a user deactivated since sign-in gets 401 ERR_USER_INACTIVE from /auth/me', async () => {
    const { admin, operator } = await createTestTenant();
    await apiCall('users', 'PUT', '/users/{id}', {
      pathParameters: { id: operator.user.id },
      token: admin.token,
      body: { status: false },
    });

    const me = await apiCall('auth', 'GET', '/auth/me', { token: operator.token });

    expect(me.status).toBe(401);
    expect(me.body.error).toBe('ERR_USER_INACTIVE');
  });

  it('of a deleted user gets 401 from /auth/me', async () => {
    const { admin, operator } = await createTestTenant();
    await apiCall('users', 'DELETE', '/users/{id}', { pathParameters: { id: operator.user.id }, token: admin.token });

    const me = await apiCall('auth', 'GET', '/auth/me', { token: operator.token });

    expect(me.status).toBe(401);
  });
});

describe('GET /auth/statusAndDueDateAssignature', () => {
  it('answers the company subscription state', async () => {
    const active = await createTestTenant({ dueInDays: 20 });
    const warning = await createTestTenant({ dueInDays: 1 });
    const expired = await createTestTenant({ dueInDays: -2 });

    const call = (token: string) => apiCall('auth', 'GET', '/auth/statusAndDueDateAssignature', { token });
    const [a, w, e] = await Promise.all([call(active.operator.token), call(warning.admin.token), call(expired.admin.token)]);

    expect(a.body).toMatchObject({ status: 'active', daysLeft: 20, dueDate: active.company.dueDate });
    expect(w.body).toMatchObject({ status: 'warning', daysLeft: 1 });
    expect(e.body).toMatchObject({ status: 'expired', daysLeft: -2 });
  });
});
