/**
 * Issue 8 item 6 (sign-in): a stranger's wrong passwords must not lock the owner out, while guessing
 * stays bounded per IP and, across IPs, for every place the owner has not signed in from.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_RATE_LIMIT } from '@atende/shared';
import { MAX_FAILURES_PER_EMAIL } from '../src/domain/auth/login-rate-limit';
import { useFreshTable } from './support/fresh-table';
import { createTestTenant, login } from './support/tenancy-fixtures';

beforeAll(async () => {
  await useFreshTable();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('lockout by a stranger', () => {
  it("a stranger's 5 wrong passwords block the stranger, not the owner signing in from elsewhere", async () => {
    const { operator } = await createTestTenant();
    for (let i = 0; i < LOGIN_RATE_LIMIT.maxFailures; i++)
      expect((await login(operator.user.email, 'chute', '203.0.113.9')).status).toBe(401);

    expect((await login(operator.user.email, 'chute', '203.0.113.9')).status).toBe(429);
    expect((await login(operator.user.email, operator.password, '198.51.100.20')).status).toBe(200);
  });

  it("distributed guessing from many IPs: unknown places are refused, the owner's known place still signs in", async () => {
    const { admin } = await createTestTenant();
    expect((await login(admin.user.email, admin.password, '198.51.100.30')).status).toBe(200); // the owner's usual place
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++)
      await login(admin.user.email, 'chute', `203.0.${Math.floor(i / 4)}.${i % 4}`);

    expect((await login(admin.user.email, admin.password, '203.0.200.1')).status).toBe(429);
    expect((await login(admin.user.email, admin.password, '198.51.100.30')).status).toBe(200);
  });
});
