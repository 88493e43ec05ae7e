/**
 * Issue 8 item 1: inputs that used to answer 5xx. Each case is a 4xx with an `ERR_*` code now.
 * (The gateway's `?__proto__=` case lives in infra/test/local-gateway-security.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { apiCall } from './support/api-event';
import { useApiWithQueues } from './support/api-with-queues';
import { createTestTenant, login } from './support/tenancy-fixtures';
import { createWorkspace, customerSays, newNumber, ticketOf } from './support/ticket-fixtures';

useApiWithQueues();

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

describe('malformed cookies', () => {
  it('a stray undecodable cookie on the domain does not break login, refresh or logout', async () => {
    const t = await createTestTenant();
    const cookie = 'promo=50%off; other=%E0%A4%A; __proto__=x';

    const signIn = await apiCall('auth', 'POST', '/auth/login', {
      body: { email: t.admin.user.email, password: t.admin.password },
      cookie,
    });
    const refreshed = await apiCall('auth', 'POST', '/auth/refresh_token', {
      cookie: `${cookie}; jrt=${signIn.cookies.jrt}`,
    });
    const me = await apiCall('auth', 'GET', '/auth/me', { token: t.admin.token, cookie });
    const logout = await apiCall('auth', 'DELETE', '/auth/logout', { cookie });

    expect(signIn.status).toBe(200);
    expect(refreshed.status).toBe(200);
    expect(me.status).toBe(200);
    expect(logout.status).toBe(204);
  });
});

describe('concurrent PUT /users/{id} on one user', () => {
  it('answers every writer 200 or 409 ERR_CONFLICT, never 5xx, and keeps the user consistent', async () => {
    const t = await createTestTenant();
    const id = t.operator.user.id;

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        apiCall('users', 'PUT', '/users/{id}', {
          token: t.admin.token,
          pathParameters: { id },
          body: { name: `Nome ${i}` },
        }),
      ),
    );

    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    for (const a of answers) if (a.status !== 200) expect(a).toMatchObject({ status: 409, body: { error: 'ERR_CONFLICT' } });
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    const after = await apiCall('users', 'GET', '/users/{id}', { token: t.admin.token, pathParameters: { id } });
    expect(after.body.name).toMatch(/^Nome \d+$/);
    expect((await login(t.operator.user.email, t.operator.password)).status).toBe(200);
  });
});

describe('forged message cursors', () => {
  it('GET /messages/{ticketId} answers 400 to a cursor it did not issue', async () => {
    const w = await createWorkspace();
    const other = await createWorkspace();
    const number = newNumber();
    await customerSays(w, { number, body: 'primeira' });
    await customerSays(other, { number, body: 'da outra empresa' });
    const ticketId = (await ticketOf(w, number))!.id;
    const ofOther = (await ticketOf(other, number))!.id;
    const list = (cursor?: string) =>
      apiCall('messages', 'GET', '/messages/{id}', {
        token: w.admin.token,
        pathParameters: { id: ticketId },
        ...(cursor ? { query: { cursor } } : {}),
      });
    const own = {
      PK: `C#${w.cid}#MSG#${w.connection.id}`,
      SK: 'a',
      GSI2PK: `C#${w.cid}#TICKETMSG#${ticketId}`,
      GSI2SK: 'a',
    };
    const forged = [
      b64({ ...own, PK: Number('1e400') }), // Infinity: the marshaller threw
      b64({ ...own, SK: { nested: [1, { deep: true }] } }),
      b64({ ...own, GSI2SK: ['x'] }),
      b64({ ...own, extra: 'x' }),
      b64({ ...own, PK: `C#${other.cid}#MSG#${other.connection.id}`, GSI2PK: `C#${other.cid}#TICKETMSG#${ofOther}` }),
      b64({ ...own, GSI2PK: `C#${w.cid}#TICKETMSG#${ofOther}` }),
      b64({ ...own, SK: 'x'.repeat(5000) }),
      b64('"just a string"'),
      'not base64 at all ###',
      b64([1, 2, 3]),
    ];

    for (const cursor of forged) {
      const res = await list(cursor);
      expect({ cursor, status: res.status, error: res.body?.error }).toEqual({
        cursor,
        status: 400,
        error: 'ERR_VALIDATION',
      });
    }
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.body.messages.map((m: { body: string }) => m.body)).toEqual(['primeira']);
    // The cursor it issues is taken back (a page holds 20; 21 messages make a second page).
    for (let i = 0; i < 20; i++) await customerSays(w, { number, body: `mais ${i}` });
    const newest = await list();
    expect(newest.body.hasMore).toBe(true);
    expect((await list(newest.body.cursor)).status).toBe(200);
  });
});

describe('the error mapper', () => {
  it('answers known AWS and validation failures as 4xx with an ERR_* code, and only unknown ones as 500', async () => {
    const { errorMapper } = await import('../src/platform/error-mapper');
    const answer = async (name: string) => {
      const request = { error: Object.assign(new Error('x'), { name }), event: {}, response: undefined } as any;
      await errorMapper().onError!(request);
      return { status: request.response.statusCode, error: JSON.parse(request.response.body).error };
    };
    expect(await answer('ValidationException')).toEqual({ status: 400, error: 'ERR_VALIDATION' });
    expect(await answer('$ZodError')).toEqual({ status: 400, error: 'ERR_VALIDATION' });
    expect(await answer('TransactionCanceledException')).toEqual({ status: 409, error: 'ERR_CONFLICT' });
    expect(await answer('ConditionalCheckFailedException')).toEqual({ status: 409, error: 'ERR_CONFLICT' });
    expect(await answer('TypeError')).toEqual({ status: 500, error: 'ERR_INTERNAL' });
  });
});

describe('a 400 answer speaks message keys', () => {
  it("puts a key in `fields` for zod's default rules too, with zod's English in `hints` for integrators", async () => {
    const t = await createTestTenant();
    const wrongType = await apiCall('tickets', 'GET', '/tickets', { token: t.admin.token, query: { pageNumber: 'abc' } });
    const missing = await apiCall('tickets', 'POST', '/tickets', { token: t.admin.token, body: { status: 'open' } });

    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toEqual({
      error: 'ERR_VALIDATION',
      fields: { pageNumber: 'validation.invalid' },
      hints: { pageNumber: 'Invalid input: expected number, received NaN' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ contactId: 'validation.required' });
    expect(missing.body.hints).toEqual({ contactId: expect.stringMatching(/received undefined/) });
  });

  it('keeps a rule key the schema names, without a hint', async () => {
    const t = await createTestTenant();
    const res = await apiCall('users', 'POST', '/users', {
      token: t.admin.token,
      body: { name: 'A', email: 'nope', password: '123456', profile: 'user' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({ name: 'validation.tooShort', email: 'validation.invalidEmail' });
    expect(res.body.hints).toBeUndefined();
  });
});
