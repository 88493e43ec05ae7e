/**
 * Issue 10 "Deleting a company removes all of its data and logs its users out": after DELETE and the
 * purge job, nothing of the company is left in the table, its users' tokens, refresh cookies and
 * sockets are refused or closed, and other companies keep every item.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE_NAME, realtimeChannel } from '@atende/shared';
import { ddb, tableName } from '../src/data/client';
import { getInvoiceTotals } from '../src/data/invoices';
import { listDueJobs, epochMinute } from '../src/data/due-work';
import { runInvoiceJob, INVOICE_JOB } from '../src/domain/billing/invoice-job';
import { COMPANY_PURGE_JOB, runCompanyPurge } from '../src/domain/company-admin/delete-company';
import { handler as fanout } from '../src/handlers/fanout/index';
import { handler as realtime } from '../src/handlers/realtime/index';
import { apiCall } from './support/api-event';
import { startFakeWsEndpoint } from './support/fake-ws-endpoint';
import { sqsEvent } from './support/local-queues';
import {
  createWorkspace,
  customerSays,
  newNumber,
  startWorkspaceEmulators,
  type Workspace,
} from './support/ticket-fixtures';
import { createTestCompany, createTestUser, login, type TestUser } from './support/tenancy-fixtures';

type Queues = Awaited<ReturnType<typeof startWorkspaceEmulators>>;
let queues: Queues;
let endpoint: Awaited<ReturnType<typeof startFakeWsEndpoint>>;
let superUser: TestUser;
let platformId: string;

beforeAll(async () => {
  queues = await startWorkspaceEmulators();
  endpoint = await startFakeWsEndpoint();
  process.env.LOCAL_MODE = 'true';
  const { company } = await createTestCompany({ isPlatform: true, dueInDays: null, name: 'Plataforma Exclusões' });
  platformId = company.id;
  superUser = await createTestUser(company.id, { profile: 'admin', super: true });
});
afterAll(async () => {
  await endpoint.stop();
  await queues.stop();
});

/** Every item of the table that belongs to the company (test-only full scan). */
async function itemsOf(companyId: string): Promise<string[]> {
  const found: string[] = [];
  let after: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new ScanCommand({
        TableName: tableName(),
        ExclusiveStartKey: after,
        FilterExpression: 'begins_with(PK, :p) OR companyId = :c OR contains(SK, :c)',
        ExpressionAttributeValues: { ':p': `C#${companyId}#`, ':c': companyId },
      }),
    );
    found.push(...(out.Items ?? []).map((i) => `${i.PK} | ${i.SK}`));
    after = out.LastEvaluatedKey;
  } while (after);
  return found.filter((k) => !k.startsWith('P#PURGE#'));
}

const connect = async (token: string, connectionId: string) =>
  realtime({ requestContext: { routeKey: '$connect', connectionId }, queryStringParameters: { token } });

async function deliverRealtime() {
  const taken = await queues.take('realtime');
  if (taken.length) await fanout(sqsEvent(taken.map((m) => ({ body: JSON.stringify(m.body), groupId: m.groupId }))));
}

async function populated(): Promise<Workspace & { cookie: string; socket: string }> {
  const w = await createWorkspace();
  await customerSays(w, { number: newNumber(), name: 'Cliente Um', body: 'Oi' });
  await customerSays(w, { number: newNumber(), name: 'Cliente Dois', body: 'Bom dia' });
  expect(
    (await apiCall('queues', 'POST', '/queue', { token: w.admin.token, body: { name: 'Fila C', color: '#333333' } })).status,
  ).toBe(201);
  await runInvoiceJob({
    companyId: w.cid,
    jobType: INVOICE_JOB,
    jobId: w.company.dueDate!.slice(0, 10),
    dueAt: new Date().toISOString(),
  });
  const signedIn = await login(w.operator.user.email, w.operator.password);
  const socket = `sock-${w.cid}`;
  expect((await connect(w.operator.token, socket)).statusCode).toBe(200);
  await deliverRealtime();
  return { ...w, cookie: signedIn.cookies[REFRESH_COOKIE_NAME]!, socket };
}

const remove = (token: string, id: string) =>
  apiCall('companies', 'DELETE', '/companies/{id}', { token, pathParameters: { id } });

/** The purge of `companyId` waiting on the due index, newest minute first, back to `fromMinute`. */
async function queuedPurge(companyId: string, fromMinute: number) {
  for (let minute = epochMinute(new Date().toISOString()); minute >= fromMinute; minute--) {
    const job = (await listDueJobs(minute)).find((j) => j.jobType === COMPANY_PURGE_JOB && j.jobId === companyId);
    if (job) return job;
  }
  return undefined;
}

describe('deleting a company', () => {
  it('logs its users out at once and, once the purge ran, leaves nothing of it and everything of others', async () => {
    const doomed = await populated();
    const other = await populated();
    const otherItems = await itemsOf(other.cid);
    const platformPendingBefore = (await getInvoiceTotals()).pending;
    const doomedPending = (await getInvoiceTotals(doomed.cid)).pending;
    expect(doomedPending).toBeGreaterThan(0);
    expect((await itemsOf(doomed.cid)).length).toBeGreaterThan(30);

    const deletedAtMinute = epochMinute(new Date().toISOString());
    const answer = await remove(superUser.token, doomed.cid);
    expect(answer).toMatchObject({ status: 202, body: { companyId: doomed.cid, state: 'running' } });

    // Logged out: the socket gets its last frame and is closed; tokens and cookies are refused.
    await deliverRealtime();
    expect(endpoint.framesOf(doomed.socket)).toContainEqual({
      channel: realtimeChannel.auth(doomed.cid),
      data: { action: 'revoked', reason: 'deleted' },
    });
    expect(endpoint.closed.has(doomed.socket)).toBe(true);
    expect(endpoint.closed.has(other.socket)).toBe(false);
    const write = await apiCall('queues', 'POST', '/queue', {
      token: doomed.admin.token,
      body: { name: 'Fila X', color: '#444444' },
    });
    expect(write.status).toBe(403);
    expect((await apiCall('auth', 'GET', '/auth/me', { token: doomed.operator.token })).status).toBe(401);
    expect(
      (await apiCall('auth', 'POST', '/auth/refresh_token', { cookie: { [REFRESH_COOKIE_NAME]: doomed.cookie } })).status,
    ).toBe(401);
    expect((await login(doomed.admin.user.email, doomed.admin.password)).status).toBe(401);
    expect((await connect(doomed.operator.token, 'late-socket')).statusCode).toBe(401);
    // The connection's session was logged out on its shard.
    const commands = await queues.take('outbound-0');
    expect(commands.map((c) => c.body)).toContainEqual(
      expect.objectContaining({ type: 'session.logout', companyId: doomed.cid, connectionId: doomed.connection.id }),
    );
    // The company left the directory at once.
    const listed = await apiCall('companies', 'GET', '/companies', { token: superUser.token });
    expect(listed.body.companies.map((c: { id: string }) => c.id)).not.toContain(doomed.cid);

    // The purge job was queued under the platform company, and runs in small steps until done.
    // Due at the minute of the DELETE, which may have rolled over since on a loaded machine.
    const jobs = [...(await listDueJobs(deletedAtMinute)), ...(await listDueJobs(deletedAtMinute + 1))];
    const job = jobs.find((j) => j.jobType === COMPANY_PURGE_JOB && j.jobId === doomed.cid);
    expect(job).toMatchObject({ companyId: platformId });
    // Each run goes as the scheduler would dispatch it: the entry it queued last (which may fall in a later minute).
    let runs = 0;
    let progress = await runCompanyPurge(job!, { budgetMs: 25, pageSize: 20 });
    while (progress?.state !== 'done' && runs++ < 500) {
      const next = await queuedPurge(doomed.cid, deletedAtMinute);
      expect(next).toBeDefined(); // a run that stops at its budget always queues its continuation
      progress = await runCompanyPurge(next!, { budgetMs: 25, pageSize: 20 });
    }
    expect(progress).toMatchObject({ state: 'done', totalsRemoved: true });
    expect(runs).toBeGreaterThan(1); // it stopped at its budget and resumed from its cursor

    expect(await itemsOf(doomed.cid)).toEqual([]);
    expect(await itemsOf(other.cid)).toEqual(otherItems);
    expect((await getInvoiceTotals()).pending).toBeCloseTo(platformPendingBefore - doomedPending, 2);
    // Another run, or another DELETE, changes nothing and tells where it stands.
    expect(await runCompanyPurge(job!)).toMatchObject({ state: 'done' });
    expect(await remove(superUser.token, doomed.cid)).toMatchObject({ status: 202, body: { state: 'done' } });
  }, 60_000); // the purge walks every partition of the company, one small slice at a time

  it('is for super users only, and never the platform company', async () => {
    const w = await createWorkspace();
    expect((await remove(w.admin.token, w.cid)).status).toBe(403);
    expect((await remove(superUser.token, platformId)).status).toBe(403);
    expect((await remove(superUser.token, '01UNKNOWNCOMPANY0000000000')).status).toBe(404);
  });
});
