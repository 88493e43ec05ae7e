/**
 * Issue 8 items 2 and 4: a password change ends the user's other sessions; refresh families have an
 * absolute lifetime; access tokens of removed, deactivated or demoted admins stop granting admin
 * rights at once (the `tokenVersion` claim is compared with the user item on privileged calls).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MS_PER_DAY, REFRESH_COOKIE_NAME } from '@atende/shared';
import { REFRESH_FAMILY_MAX_AGE_SECONDS } from '../src/domain/credentials/refresh-sessions';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { createTestTenant, createTestUser, login, TEST_PASSWORD } from './support/tenancy-fixtures';

beforeAll(async () => {
  await useFreshTable();
});
afterEach(() => {
  vi.useRealTimers();
});

const refresh = (cookie: string) =>
  apiCall('auth', 'POST', '/auth/refresh_token', { cookie: { [REFRESH_COOKIE_NAME]: cookie } });
const cookieOf = (res: { cookies: Record<string, string> }) => res.cookies[REFRESH_COOKIE_NAME]!;
const newUser = () => ({
  name: 'Nova Pessoa',
  email: `nova-${Math.random().toString(36).slice(2)}@test.local`,
  password: 'segredo1',
  profile: 'user',
});
const createUserWith = (token: string) => apiCall('users', 'POST', '/users', { token, body: newUser() });

describe('a password change ends the other sessions', () => {
  it('own change: every other device is signed out, the device that changed it stays', async () => {
    const t = await createTestTenant();
    const here = await login(t.operator.user.email, t.operator.password);
    const elsewhere = await login(t.operator.user.email, t.operator.password, '10.0.0.2');

    const changed = await apiCall('users', 'PUT', '/users/{id}', {
      token: here.body.token,
      pathParameters: { id: t.operator.user.id },
      body: { password: 'nova-senha-1' },
      cookie: { [REFRESH_COOKIE_NAME]: cookieOf(here) },
    });

    expect(changed.status).toBe(200);
    expect((await refresh(cookieOf(elsewhere))).status).toBe(401);
    expect((await refresh(cookieOf(here))).status).toBe(200);
  });

  it('admin reset: every session of the user ends', async () => {
    const t = await createTestTenant();
    const a = await login(t.operator.user.email, t.operator.password);
    const b = await login(t.operator.user.email, t.operator.password, '10.0.0.3');

    const reset = await apiCall('users', 'PUT', '/users/{id}', {
      token: t.admin.token,
      pathParameters: { id: t.operator.user.id },
      body: { password: 'nova-senha-2' },
    });

    expect(reset.status).toBe(200);
    expect((await refresh(cookieOf(a))).status).toBe(401);
    expect((await refresh(cookieOf(b))).status).toBe(401);
    expect((await login(t.operator.user.email, 'nova-senha-2')).status).toBe(200);
  });

  it('a change of name only keeps every session', async () => {
    const t = await createTestTenant();
    const a = await login(t.operator.user.email, t.operator.password);
    await apiCall('users', 'PUT', '/users/{id}', {
      token: t.admin.token,
      pathParameters: { id: t.operator.user.id },
      body: { name: 'Outro Nome' },
    });
    expect((await refresh(cookieOf(a))).status).toBe(200);
  });
});

describe('refresh families have an absolute lifetime', () => {
  it('a session refreshed every day still ends 30 days after sign-in', async () => {
    expect(REFRESH_FAMILY_MAX_AGE_SECONDS).toBe(30 * 86_400);
    const t = await createTestTenant({ dueInDays: 90 });
    let cookie = cookieOf(await login(t.operator.user.email, t.operator.password));
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let day = 6; day < 30; day += 6) {
      vi.setSystemTime(start + day * MS_PER_DAY);
      const res = await refresh(cookie);
      expect({ day, status: res.status }).toEqual({ day, status: 200 });
      cookie = cookieOf(res);
    }
    vi.setSystemTime(start + 30 * MS_PER_DAY + 60_000);
    expect((await refresh(cookie)).status).toBe(401);
  });
});

describe('old access tokens of admins lose admin rights at once', () => {
  it('a deleted admin cannot create users with a token issued before the deletion', async () => {
    const t = await createTestTenant();
    const other = await createTestUser(t.company.id, { profile: 'admin' });
    expect(
      (await apiCall('users', 'DELETE', '/users/{id}', { token: t.admin.token, pathParameters: { id: other.user.id } }))
        .status,
    ).toBe(204);

    const res = await createUserWith(other.token);

    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.status).not.toBe(201);
  });

  it('a deactivated admin cannot write with the old token', async () => {
    const t = await createTestTenant();
    const other = await createTestUser(t.company.id, { profile: 'admin' });
    await apiCall('users', 'PUT', '/users/{id}', {
      token: t.admin.token,
      pathParameters: { id: other.user.id },
      body: { status: false },
    });

    const res = await createUserWith(other.token);

    expect(res.status).not.toBe(201);
    expect(res.status).toBeLessThan(500);
  });

  it('a demoted admin gets ERR_SESSION_EXPIRED, and the refreshed (operator) token is refused admin writes', async () => {
    const t = await createTestTenant();
    const other = await createTestUser(t.company.id, { profile: 'admin' });
    const signedIn = await login(other.user.email, TEST_PASSWORD);
    await apiCall('users', 'PUT', '/users/{id}', {
      token: t.admin.token,
      pathParameters: { id: other.user.id },
      body: { profile: 'user' },
    });

    const stale = await createUserWith(signedIn.body.token);
    expect(stale).toMatchObject({ status: 403, body: { error: 'ERR_SESSION_EXPIRED' } });

    const refreshed = await refresh(cookieOf(signedIn));
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user.profile).toBe('user');
    expect((await createUserWith(refreshed.body.token)).status).toBe(403);
  });

  it('an admin whose rights did not change keeps working with the same token', async () => {
    const t = await createTestTenant();
    expect((await createUserWith(t.admin.token)).status).toBe(201);
    await apiCall('users', 'PUT', '/users/{id}', {
      token: t.admin.token,
      pathParameters: { id: t.admin.user.id },
      body: { name: 'Admin Renomeado' },
    });
    expect((await createUserWith(t.admin.token)).status).toBe(201);
  });
});
