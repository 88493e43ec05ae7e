import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REFRESH_COOKIE_NAME } from '@atende/shared';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { createTestTenant, login } from './support/tenancy-fixtures';
import { REFRESH_REUSE_GRACE_SECONDS } from '../src/domain/credentials/refresh-sessions';

beforeAll(async () => {
  await useFreshTable();
});

const refresh = (cookie?: string) =>
  apiCall('auth', 'POST', '/auth/refresh_token', cookie === undefined ? {} : { cookie: { [REFRESH_COOKIE_NAME]: cookie } });

async function signedIn() {
  const tenant = await createTestTenant();
  const res = await login(tenant.operator.user.email, tenant.operator.password);
  return { ...tenant, cookie: res.cookies[REFRESH_COOKIE_NAME]! };
}

/** Moves the clock past the concurrent-refresh grace window (only Date is faked: I/O timers stay real). */
function afterGraceWindow() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + (REFRESH_REUSE_GRACE_SECONDS + 1) * 1000);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /auth/refresh_token', () => {
  it('keeps the session id of the sign-in across refreshes; another sign-in gets another (issue 8 item 14)', async () => {
    const tenant = await createTestTenant();
    const first = await login(tenant.operator.user.email, tenant.operator.password);
    const second = await login(tenant.operator.user.email, tenant.operator.password);

    const refreshed = await refresh(first.cookies[REFRESH_COOKIE_NAME]!);

    expect(typeof first.body.sessionId).toBe('string');
    expect(first.body.sessionId.length).toBeGreaterThan(0);
    expect(refreshed.body.sessionId).toBe(first.body.sessionId);
    expect(second.body.sessionId).not.toBe(first.body.sessionId);
  });

  it('rotates: answers a new access token, the user and a new cookie', async () => {
    const { cookie, operator } = await signedIn();

    const res = await refresh(cookie);

    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(operator.user.id);
    expect(res.body.user.company.id).toBe(operator.user.companyId);
    expect((await apiCall('auth', 'GET', '/auth/me', { token: res.body.token })).status).toBe(200);
    const next = res.cookies[REFRESH_COOKIE_NAME];
    expect(next).toBeTruthy();
    expect(next).not.toBe(cookie);
    expect(res.setCookies[0]).toMatch(/HttpOnly/);
  });

  it('chains: each new cookie refreshes once more', async () => {
    let { cookie } = await signedIn();
    for (let i = 0; i < 3; i++) {
      const res = await refresh(cookie);
      expect(res.status).toBe(200);
      cookie = res.cookies[REFRESH_COOKIE_NAME]!;
    }
  });

  it('detects reuse: the old cookie after rotation revokes the family, so the newest cookie stops working too', async () => {
    const { cookie: first } = await signedIn();
    const second = (await refresh(first)).cookies[REFRESH_COOKIE_NAME]!;
    afterGraceWindow();

    const replay = await refresh(first);
    const newest = await refresh(second);

    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe('ERR_REFRESH_TOKEN_REUSED');
    expect(replay.cookies[REFRESH_COOKIE_NAME]).toBe('');
    expect(newest.status).toBe(401);
    expect(newest.body.error).toBe('ERR_SESSION_EXPIRED');
  });

  it('serves two concurrent refreshes with the same cookie (two tabs) without revoking the session', async () => {
    const { cookie } = await signedIn();

    const results = await Promise.all([refresh(cookie), refresh(cookie)]);

    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const [a, b] = results.map((r) => r.cookies[REFRESH_COOKIE_NAME]!);
    expect(a).not.toBe(b);
    expect((await refresh(a)).status).toBe(200);
    expect((await refresh(b)).status).toBe(200);
  });

  it('treats a replay inside the grace window as a concurrent refresh, and the same replay later as theft', async () => {
    const { cookie: first } = await signedIn();
    const second = (await refresh(first)).cookies[REFRESH_COOKIE_NAME]!;

    const quickReplay = await refresh(first);
    expect(quickReplay.status).toBe(200);

    afterGraceWindow();
    const lateReplay = await refresh(first);
    expect(lateReplay.status).toBe(401);
    expect(lateReplay.body.error).toBe('ERR_REFRESH_TOKEN_REUSED');
    expect((await refresh(second)).status).toBe(401);
    expect((await refresh(quickReplay.cookies[REFRESH_COOKIE_NAME]!)).status).toBe(401);
  });

  it('keeps other sessions (families) of the same user alive when one is revoked', async () => {
    const tenant = await createTestTenant();
    const a = (await login(tenant.admin.user.email, tenant.admin.password)).cookies[REFRESH_COOKIE_NAME]!;
    const b = (await login(tenant.admin.user.email, tenant.admin.password)).cookies[REFRESH_COOKIE_NAME]!;
    await refresh(a);
    afterGraceWindow();
    await refresh(a); // reuse: family of `a` revoked

    expect((await refresh(b)).status).toBe(200);
  });

  it('answers 401 and clears the cookie when the cookie is missing, malformed or forged', async () => {
    const { cookie } = await signedIn();
    const [companyId, familyId] = cookie.split('.');
    const forged = `${companyId}.${familyId}.${'A'.repeat(43)}`;

    for (const bad of [undefined, 'garbage', forged]) {
      const res = await refresh(bad);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('ERR_SESSION_EXPIRED');
      expect(res.cookies[REFRESH_COOKIE_NAME]).toBe('');
    }
    expect((await refresh(cookie)).status).toBe(200);
  });

  it('refuses sessions of users deactivated or deleted after login', async () => {
    const tenant = await createTestTenant();
    const other = await createTestTenant();
    const deactivated = (await login(tenant.operator.user.email, tenant.operator.password)).cookies[REFRESH_COOKIE_NAME]!;
    const deleted = (await login(other.operator.user.email, other.operator.password)).cookies[REFRESH_COOKIE_NAME]!;

    await apiCall('users', 'PUT', '/users/{id}', {
      pathParameters: { id: tenant.operator.user.id },
      token: tenant.admin.token,
      body: { status: false },
    });
    await apiCall('users', 'DELETE', '/users/{id}', {
      pathParameters: { id: other.operator.user.id },
      token: other.admin.token,
    });

    expect((await refresh(deactivated)).status).toBe(401);
    expect((await refresh(deleted)).status).toBe(401);
  });
});

describe('DELETE /auth/logout', () => {
  it('revokes the session and clears the cookie', async () => {
    const { cookie } = await signedIn();

    const res = await apiCall('auth', 'DELETE', '/auth/logout', { cookie: { [REFRESH_COOKIE_NAME]: cookie } });

    expect(res.status).toBe(204);
    expect(res.cookies[REFRESH_COOKIE_NAME]).toBe('');
    expect(res.setCookies[0]).toMatch(/Max-Age=0/);
    expect((await refresh(cookie)).status).toBe(401);
  });

  it('answers 204 without a cookie too', async () => {
    const res = await apiCall('auth', 'DELETE', '/auth/logout');
    expect(res.status).toBe(204);
  });
});
