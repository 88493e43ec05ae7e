import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet, ApiError, refreshSession } from '@/lib/api-client';
import { SESSION_HINT, sessionHintSet, setSessionHint } from '@/lib/local-flags';
import { sessionStore } from '@/lib/session-store';
import { fakeApi } from '../support/fake-api';
import { sessionUser } from '../support/fixtures';

const expired = { status: 403, body: { error: 'ERR_SESSION_EXPIRED' } };

describe('api-client', () => {
  beforeEach(() => sessionStore.signIn('old-token', sessionUser()));
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token', async () => {
    const { calls } = fakeApi({ 'GET /api/users': { status: 200, body: { users: [], hasMore: false } } });

    await apiGet('/users', { searchParam: 'ana', cursor: undefined });

    expect(calls).toHaveLength(1);
    expect(calls[0]!.authorization).toBe('Bearer old-token');
  });

  it('refreshes once on 403 ERR_SESSION_EXPIRED and retries with the new token', async () => {
    const { calls } = fakeApi({
      'GET /api/users': [expired, { status: 200, body: { users: ['ok'], hasMore: false } }],
      'POST /api/auth/refresh_token': { status: 200, body: { token: 'new-token', user: sessionUser() } },
    });

    const answer = await apiGet<{ users: string[] }>('/users');

    expect(answer.users).toEqual(['ok']);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/users',
      'POST /api/auth/refresh_token',
      'GET /api/users',
    ]);
    expect(calls[2]!.authorization).toBe('Bearer new-token');
    expect(sessionStore.get().token).toBe('new-token');
  });

  it('shares one refresh between concurrent expired requests', async () => {
    const { calls } = fakeApi({
      'GET /api/a': [expired, { status: 200, body: { a: 1 } }],
      'GET /api/b': [expired, { status: 200, body: { b: 2 } }],
      'POST /api/auth/refresh_token': { status: 200, body: { token: 'new-token', user: sessionUser() } },
    });

    const [a, b] = await Promise.all([apiGet('/a'), apiGet('/b')]);

    expect(a).toEqual({ a: 1 });
    expect(b).toEqual({ b: 2 });
    expect(calls.filter((c) => c.path === '/api/auth/refresh_token')).toHaveLength(1);
  });

  it('does not retry a second time when the retried call is also refused', async () => {
    const { calls } = fakeApi({
      'GET /api/users': expired,
      'POST /api/auth/refresh_token': { status: 200, body: { token: 'new-token', user: sessionUser() } },
    });

    await expect(apiGet('/users')).rejects.toMatchObject({ status: 403, code: 'ERR_SESSION_EXPIRED' });
    expect(calls.filter((c) => c.path === '/api/users')).toHaveLength(2);
  });

  it('clears the session on 401', async () => {
    fakeApi({ 'GET /api/users': { status: 401, body: { error: 'ERR_UNAUTHORIZED' } } });

    const error = await apiGet('/users').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'ERR_UNAUTHORIZED' });
    expect(sessionStore.get()).toMatchObject({ status: 'anonymous', token: null, user: null });
  });

  it('clears the session when the refresh itself fails', async () => {
    fakeApi({
      'GET /api/users': expired,
      'POST /api/auth/refresh_token': { status: 401, body: { error: 'ERR_SESSION_EXPIRED' } },
    });

    await expect(apiGet('/users')).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.get().status).toBe('anonymous');
  });

  it('exposes the error code, message and field errors of the answer', async () => {
    fakeApi({
      'GET /api/users': {
        status: 400,
        body: { error: 'ERR_VALIDATION', message: 'bad', fields: { name: 'Muito curto!' } },
      },
    });

    await expect(apiGet('/users')).rejects.toMatchObject({
      status: 400,
      code: 'ERR_VALIDATION',
      message: 'bad',
      fields: { name: 'Muito curto!' },
    });
    expect(sessionStore.get().status).toBe('authenticated');
  });
});

describe('the signed-in hint (no refresh call on a first visit)', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('is set by a sign-in and removed when the session ends', () => {
    localStorage.clear();
    expect(sessionHintSet()).toBe(false);
    sessionStore.signIn('token', sessionUser());
    expect(localStorage.getItem(SESSION_HINT)).toBe('1');
    expect(sessionHintSet()).toBe(true);
    sessionStore.clear();
    expect(sessionHintSet()).toBe(false);
  });

  it('is kept when the refresh gets no answer (a reload cut it short) or a server error, removed on its 401', async () => {
    sessionStore.signIn('token', sessionUser());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(refreshSession()).rejects.toMatchObject({ code: 'ERR_NETWORK' });
    expect(sessionStore.get().status).toBe('anonymous');
    expect(sessionHintSet()).toBe(true);

    fakeApi({ 'POST /api/auth/refresh_token': { status: 503, body: { error: 'ERR_INTERNAL' } } });
    await expect(refreshSession()).rejects.toMatchObject({ status: 503 });
    expect(sessionHintSet()).toBe(true);

    fakeApi({ 'POST /api/auth/refresh_token': { status: 401, body: { error: 'ERR_SESSION_EXPIRED' } } });
    await expect(refreshSession()).rejects.toMatchObject({ status: 401 });
    expect(sessionHintSet()).toBe(false);
  });

  it('reads as set when the storage is blocked, so the session is still restored from its cookie', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(sessionHintSet(blocked)).toBe(true);
    expect(() =>
      setSessionHint(true, {
        setItem: () => {
          throw new Error('SecurityError');
        },
        removeItem: () => undefined,
      }),
    ).not.toThrow();
  });
});
