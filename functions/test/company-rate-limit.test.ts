/**
 * The REST API's per-company request limit (issue 28 §3, platform/company-rate-limit.ts): counted per
 * company from the verified token, shared by every area and instance through one window item, sampled
 * so a quiet company writes nothing.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ddb, tableName } from '../src/data/client';
import { COMPANY_REQUEST_LIMIT, forgetCompanyTallies, SYNC_EVERY } from '../src/platform/company-rate-limit';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { createTestTenant } from './support/tenancy-fixtures';

const LIMIT = 40;
const original = { ...COMPANY_REQUEST_LIMIT };
type Tenant = Awaited<ReturnType<typeof createTestTenant>>;

const listQueues = (t: Tenant) => apiCall('queues', 'GET', '/queue', { token: t.admin.token });

/** Statuses of `n` requests in a row. */
async function statuses(t: Tenant, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await listQueues(t)).status);
  return out;
}

beforeAll(async () => {
  await useFreshTable();
});

beforeEach(() => {
  COMPANY_REQUEST_LIMIT.requests = LIMIT;
  forgetCompanyTallies();
  // The middle of a window, frozen: every request of a test falls in the same one.
  vi.useFakeTimers({ toFake: ['Date'] });
  const windowMs = COMPANY_REQUEST_LIMIT.windowSeconds * 1000;
  vi.setSystemTime(Math.floor(Date.now() / windowMs) * windowMs + windowMs / 2);
});

afterEach(() => {
  vi.useRealTimers();
  Object.assign(COMPANY_REQUEST_LIMIT, original);
});

describe('per-company request limit', () => {
  it('holds under a concurrent burst: requests arriving while a count is being written see it', async () => {
    const noisy = await createTestTenant();
    const answers = await Promise.all(Array.from({ length: LIMIT * 3 }, () => listQueues(noisy)));
    const passed = answers.filter((a) => a.status === 200).length;
    expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    // one instance here: at most the limit plus what it holds before its next write
    expect(passed).toBeLessThanOrEqual(LIMIT + SYNC_EVERY);
  });

  it("answers 429 ERR_RATE_LIMITED with Retry-After past the limit, and another company's requests still pass", async () => {
    const [noisy, quiet] = [await createTestTenant(), await createTestTenant()];
    expect(await statuses(noisy, LIMIT)).toEqual(Array(LIMIT).fill(200));
    const refused = await listQueues(noisy);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('ERR_RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBe(COMPANY_REQUEST_LIMIT.windowSeconds / 2);
    // the operator of the same company shares its limit; the other company is untouched
    expect((await apiCall('queues', 'GET', '/queue', { token: noisy.operator.token })).status).toBe(429);
    expect(await statuses(quiet, 5)).toEqual(Array(5).fill(200));

    vi.setSystemTime(Date.now() + COMPANY_REQUEST_LIMIT.windowSeconds * 1000); // the next window
    expect((await listQueues(noisy)).status).toBe(200);
  });

  it('is shared between instances through the window item: a new instance learns the total within SYNC_EVERY requests', async () => {
    const t = await createTestTenant();
    expect(await statuses(t, LIMIT)).toEqual(Array(LIMIT).fill(200));
    forgetCompanyTallies(); // another Lambda instance (or another area's function)
    const second = await statuses(t, SYNC_EVERY + 2);
    const passed = second.filter((s) => s === 200).length;
    expect(passed).toBeLessThan(SYNC_EVERY);
    expect(second.slice(passed)).toEqual(Array(second.length - passed).fill(429));
  });

  it('writes nothing for a company far below its limit (sampled counting)', async () => {
    const t = await createTestTenant();
    expect(await statuses(t, SYNC_EVERY - 1)).toEqual(Array(SYNC_EVERY - 1).fill(200));
    const window = Math.floor(Date.now() / 1000 / COMPANY_REQUEST_LIMIT.windowSeconds);
    const key = { PK: `P#RATELIMIT#company#${t.company.id}#${window}`, SK: 'COUNT' };
    const read = async () =>
      (await ddb().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
    expect(await read()).toBeUndefined();
    await listQueues(t);
    expect((await read())?.count).toBe(SYNC_EVERY);
  });
});
