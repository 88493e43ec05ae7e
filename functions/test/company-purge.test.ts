/**
 * Issue 28 §3, the company purge: no Scan (it walks the company's own partitions), slices that fit
 * the dispatch function's timeout and resume, a redelivered slice changes nothing, the WhatsApp keys
 * (denied to every function role) are never in its requests, and every kind of tenant partition the
 * data layer writes is on the purge's map.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ddb, tableName } from '../src/data/client';
import { PARTITION_KINDS } from '../src/data/company-partitions';
import { getPurgeProgress } from '../src/data/company-purge';
import { epochMinute, listDueJobs, type DueJob } from '../src/data/due-work';
import { scheduleDueWork } from '../src/domain/scheduler/due-work';
import { COMPANY_PURGE_JOB, runCompanyPurge } from '../src/domain/company-admin/purge-company';
import { apiCall } from './support/api-event';
import {
  createWorkspace,
  customerSays,
  newNumber,
  startWorkspaceEmulators,
  type Workspace,
} from './support/ticket-fixtures';
import { createTestCompany, createTestUser, type TestUser } from './support/tenancy-fixtures';

let queues: Awaited<ReturnType<typeof startWorkspaceEmulators>>;
let superUser: TestUser;

beforeAll(async () => {
  queues = await startWorkspaceEmulators();
  process.env.LOCAL_MODE = 'true';
  const { company } = await createTestCompany({ isPlatform: true, dueInDays: null, name: 'Plataforma Purga' });
  superUser = await createTestUser(company.id, { profile: 'admin', super: true });
});
afterAll(async () => {
  await queues.stop();
});

/** Every item naming the company, by a test-only full Scan (the purge's own walk is left aside). */
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
  return found.filter((k) => !k.startsWith('P#PURGE#')).sort();
}

const waAuthPk = (w: Workspace) => `C#${w.cid}#WAAUTH#${w.connection.id}`;

async function companyWithData(): Promise<Workspace> {
  const w = await createWorkspace();
  await customerSays(w, { number: newNumber(), name: 'Cliente Purga', body: 'Quero cancelar o boleto' });
  await customerSays(w, { number: newNumber(), name: 'Outra Pessoa', body: 'Bom dia, tudo bem?' });
  // A job of the company waiting on the due index, a week ahead.
  await scheduleDueWork({
    companyId: w.cid,
    jobType: 'test.later',
    jobId: 'later-1',
    dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  // Credentials the session host keeps (only its role may touch them; it wipes them on logout).
  await ddb().send(new PutCommand({ TableName: tableName(), Item: { PK: waAuthPk(w), SK: 'creds', data: '{}' } }));
  return w;
}

/** The purge's continuation on the due index (queued under the platform company, any minute since `from`). */
async function continuation(companyId: string, from: number): Promise<DueJob | undefined> {
  for (let minute = epochMinute(new Date()) + 1; minute >= from; minute--) {
    const job = (await listDueJobs(minute)).find((j) => j.jobType === COMPANY_PURGE_JOB && j.jobId === companyId);
    if (job) return job;
  }
  return undefined;
}

/** Every key a DynamoDB request names as a partition or an item (to see what the purge touched). */
function partitionsNamed(input: Record<string, any>): string[] {
  const keys: string[] = [];
  if (input.Key?.PK) keys.push(input.Key.PK);
  if (input.ExpressionAttributeValues?.[':pk']) keys.push(input.ExpressionAttributeValues[':pk']);
  for (const requests of Object.values<any[]>(input.RequestItems ?? {}))
    for (const r of requests) keys.push(r.DeleteRequest?.Key?.PK ?? r.PutRequest?.Item?.PK);
  for (const t of input.TransactItems ?? []) keys.push((t.Put?.Item ?? t.Delete?.Key ?? t.Update?.Key)?.PK);
  return keys.filter(Boolean);
}

describe('the company purge', () => {
  it('removes everything of a company over many slices, without a Scan, and nothing of another', async () => {
    const doomed = await companyWithData();
    const other = await companyWithData();
    const otherItems = await itemsOf(other.cid);
    expect((await itemsOf(doomed.cid)).length).toBeGreaterThan(30);

    const from = epochMinute(new Date());
    const answer = await apiCall('companies', 'DELETE', '/companies/{id}', {
      token: superUser.token,
      pathParameters: { id: doomed.cid },
    });
    expect(answer.status).toBe(202);

    const send = vi.spyOn(ddb(), 'send');
    let job = await continuation(doomed.cid, from);
    let slices = 0;
    let progress;
    do {
      expect(job).toBeDefined(); // a slice that stops at its budget always queues its continuation
      progress = await runCompanyPurge(job!, { budgetMs: 20, pageSize: 7 });
      slices++;
      job = await continuation(doomed.cid, from);
    } while (progress?.state !== 'done' && slices < 2_000);
    const requests = send.mock.calls.map(([command]) => command);
    send.mockRestore();

    expect(progress).toMatchObject({ state: 'done' });
    expect(slices).toBeGreaterThan(5);
    expect(progress?.deleted).toBeGreaterThan(30);
    expect(requests.some((c) => c instanceof ScanCommand)).toBe(false);
    // The IAM deny on WhatsApp keys would fail any request naming them: the purge names none.
    expect(requests.flatMap((c) => partitionsNamed(c.input as any)).filter((pk) => pk.includes('#WAAUTH#'))).toEqual([]);
    // Left: only the WhatsApp keys the session host wipes at logout (no host runs in this test).
    expect(await itemsOf(doomed.cid)).toEqual([`${waAuthPk(doomed)} | creds`]);
    expect(await itemsOf(other.cid)).toEqual(otherItems);
  }, 90_000);

  it('takes a redelivered or doubled slice in its stride', async () => {
    const doomed = await companyWithData();
    const other = await companyWithData();
    const otherItems = await itemsOf(other.cid);
    const from = epochMinute(new Date());
    await apiCall('companies', 'DELETE', '/companies/{id}', { token: superUser.token, pathParameters: { id: doomed.cid } });

    let job = await continuation(doomed.cid, from);
    for (let slices = 0; job && slices < 2_000; slices++) {
      // The same slice delivered twice at once, then once more after it finished.
      await Promise.all([
        runCompanyPurge(job, { budgetMs: 20, pageSize: 5 }),
        runCompanyPurge(job, { budgetMs: 20, pageSize: 5 }),
      ]);
      await runCompanyPurge(job, { budgetMs: 20, pageSize: 5 });
      job = await continuation(doomed.cid, from);
    }

    expect(await getPurgeProgress(doomed.cid)).toMatchObject({ state: 'done' });
    expect(await itemsOf(doomed.cid)).toEqual([`${waAuthPk(doomed)} | creds`]);
    expect(await itemsOf(other.cid)).toEqual(otherItems);
  }, 90_000);

  it('has on its map every kind of tenant partition the code writes', () => {
    const root = join(__dirname, '..', '..');
    const sources = [join(root, 'functions/src'), join(root, 'session-host/src')].flatMap(tsFiles);
    const kinds = new Set<string>();
    for (const file of sources) {
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/tenantPk\(\s*[^,()]+,\s*'([A-Z0-9]+)'/g)) kinds.add(m[1]!);
      for (const m of source.matchAll(/SearchIndexKind = ([^;]+);/g))
        for (const k of m[1]!.matchAll(/'([A-Z]+)'/g)) kinds.add(k[1]!);
    }
    expect(kinds.size).toBeGreaterThan(40);
    expect([...kinds].filter((k) => !(k in PARTITION_KINDS)).sort()).toEqual([]);
  });
});

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : tsFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}
