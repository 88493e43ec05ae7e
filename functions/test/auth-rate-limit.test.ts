import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useFreshTable } from './support/fresh-table';
import { createTestTenant, login } from './support/tenancy-fixtures';

beforeAll(async () => {
  await useFreshTable();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Only Date is faked: the AWS SDK's own timers keep running. */
function freezeClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date());
}
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

async function failTimes(n: number, email: string, ip: string) {
  for (let i = 0; i < n; i++) expect((await login(email, 'wrong-password', ip)).status).toBe(401);
}

describe('login rate limit', () => {
  it('after 5 failures for one e-mail from one IP answers that pair 429 with Retry-After, even with the right password, until the window passes', async () => {
    const { admin } = await createTestTenant();
    freezeClock();
    await failTimes(5, admin.user.email, '10.2.0.1');

    advance(60_000);
    const blocked = await login(admin.user.email, admin.password, '10.2.0.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('ERR_TOO_MANY_ATTEMPTS');
    expect(Number(blocked.headers['retry-after'])).toBe(240);

    advance(4 * 60_000 + 1_000);
    const afterWindow = await login(admin.user.email, admin.password, '10.2.0.1');
    expect(afterWindow.status).toBe(200);
  });

  it('after 5 failures from one IP blocks that IP for any e-mail; a different e-mail from a different IP is still fine', async () => {
    const { admin, operator } = await createTestTenant();
    freezeClock();
    for (let i = 0; i < 5; i++) expect((await login(`guess-${i}@test.local`, 'x', '10.3.0.1')).status).toBe(401);

    const sameIp = await login(admin.user.email, admin.password, '10.3.0.1');
    const elsewhere = await login(operator.user.email, operator.password, '10.3.0.2');

    expect(sameIp.status).toBe(429);
    expect(elsewhere.status).toBe(200);
  });

  it('counts failures within 5 minutes of the first one only', async () => {
    const { operator } = await createTestTenant();
    freezeClock();
    await failTimes(4, operator.user.email, '10.4.0.1');
    advance(5 * 60_000 + 1_000);
    await failTimes(4, operator.user.email, '10.4.0.1');

    const res = await login(operator.user.email, operator.password, '10.4.0.1');

    expect(res.status).toBe(200);
  });

  it("forgives the e-mail's earlier failures after a successful login", async () => {
    const { operator } = await createTestTenant();
    await failTimes(4, operator.user.email, '10.5.0.1');
    expect((await login(operator.user.email, operator.password, '10.5.0.2')).status).toBe(200);

    await failTimes(4, operator.user.email, '10.5.0.3');
    const res = await login(operator.user.email, operator.password, '10.5.0.4');

    expect(res.status).toBe(200);
  });

  it('counts concurrent failures atomically', async () => {
    const { admin } = await createTestTenant();
    await Promise.all(Array.from({ length: 5 }, () => login(admin.user.email, 'wrong', '10.6.0.1')));

    const res = await login(admin.user.email, admin.password, '10.6.0.1');

    expect(res.status).toBe(429);
  });
});
