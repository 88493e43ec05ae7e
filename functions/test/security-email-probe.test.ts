/**
 * Issue 8 item 6 (e-mail enumeration): an admin cannot use "e-mail already exists" to test other
 * companies' addresses beyond a few per hour; after the limit, taken and free addresses answer alike.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_PROBE_LIMIT } from '../src/domain/users/email-probe-limit';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { createTestTenant, createTestUser } from './support/tenancy-fixtures';

beforeAll(async () => {
  await useFreshTable();
});

const newUser = (email: string) => ({ name: 'Sonda Teste', email, password: 'segredo1', profile: 'user' });

describe('probing e-mails through user creation', () => {
  it(`after ${EMAIL_PROBE_LIMIT.maxConflicts} taken addresses, taken and free ones both answer 429`, async () => {
    const victim = await createTestTenant({ planUsers: 30 });
    const taken = await Promise.all(
      Array.from({ length: EMAIL_PROBE_LIMIT.maxConflicts + 1 }, () => createTestUser(victim.company.id)),
    );
    const prober = await createTestTenant({ planUsers: 30 });

    for (const t of taken.slice(0, EMAIL_PROBE_LIMIT.maxConflicts)) {
      const res = await apiCall('users', 'POST', '/users', { token: prober.admin.token, body: newUser(t.user.email) });
      expect(res.body.error).toBe('ERR_EMAIL_ALREADY_EXISTS');
    }
    const takenAfter = await apiCall('users', 'POST', '/users', {
      token: prober.admin.token,
      body: newUser(taken.at(-1)!.user.email),
    });
    const freeAfter = await apiCall('users', 'POST', '/users', {
      token: prober.admin.token,
      body: newUser(`livre-${Date.now()}@test.local`),
    });
    const changeAfter = await apiCall('users', 'PUT', '/users/{id}', {
      token: prober.admin.token,
      pathParameters: { id: prober.operator.user.id },
      body: { email: `livre2-${Date.now()}@test.local` },
    });

    expect([takenAfter.status, freeAfter.status, changeAfter.status]).toEqual([429, 429, 429]);
    expect(takenAfter.body.error).toBe('ERR_TOO_MANY_ATTEMPTS');
    // Another company is not affected.
    expect(
      (
        await apiCall('users', 'POST', '/users', {
          token: victim.admin.token,
          body: newUser(`outra-${Date.now()}@test.local`),
        })
      ).status,
    ).toBe(201);
  });
});
