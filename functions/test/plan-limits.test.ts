/**
 * Issue 10 "Plan limits are enforced on the server for every counted thing": the queue limit here; the
 * user limit is in users-crud.test.ts (ERR_USER_LIMIT_ACTIVE), the connection limit in connections-api.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueues } from '../src/data/queues';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { createTestTenant } from './support/tenancy-fixtures';

beforeAll(async () => {
  await useFreshTable();
});

// With more than one queue each needs a greeting (ERR_WAPP_GREETING_REQUIRED, queues-admin.test.ts).
const queue = (n: number) => ({ name: `Fila ${n}`, color: `#00000${n}`, greetingMessage: `Olá da fila ${n}` });

describe('plan limits', () => {
  it('refuses a queue past the plan with ERR_QUEUE_LIMIT, even when created at the same time', async () => {
    const { company, admin } = await createTestTenant({ planLimits: { queues: 2 } });
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => apiCall('queues', 'POST', '/queue', { token: admin.token, body: queue(n) })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 400).map((a) => a.body.error)).toEqual(['ERR_QUEUE_LIMIT', 'ERR_QUEUE_LIMIT']);
    expect(await countQueues(company.id)).toBe(2);
    const listed = await apiCall('queues', 'GET', '/queue', { token: admin.token });
    expect(listed.body).toHaveLength(2);
  });

  it('lets only admins create queues, and validates the body', async () => {
    const { admin, operator } = await createTestTenant();
    expect((await apiCall('queues', 'POST', '/queue', { token: operator.token, body: queue(1) })).status).toBe(403);
    const bad = await apiCall('queues', 'POST', '/queue', { token: admin.token, body: { name: 'x', color: 'red' } });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });
});
