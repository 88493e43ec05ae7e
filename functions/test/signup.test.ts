/** Issue 10 "Sign-up": lead → e-mail with a token (local outbox) → activation → the admin signs in. */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { cnpj } from 'cpf-cnpj-validator';
import { MS_PER_DAY, normaliseTaxId } from '@atende/shared';
import { ddb, tableName } from '../src/data/client';
import { findCompanyIdByName, getCompany } from '../src/data/companies';
import { listSettings } from '../src/data/settings';
import { findUserIdByEmail, getUser, removeUser } from '../src/data/users';
import { addUser } from '../src/domain/users/create-user';
import { INVOICE_JOB } from '../src/domain/billing/invoice-job';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { createTestCompany, createTestPlan, login } from './support/tenancy-fixtures';

let planId: string;
let ipCounter = 0;
const freshIp = () => `10.9.0.${++ipCounter}`;

beforeAll(async () => {
  await useFreshTable();
  process.env.LOCAL_MODE = 'true';
  process.env.PUBLIC_URL = 'http://console.local';
  await createTestCompany({ isPlatform: true, dueInDays: null, name: 'Plataforma Signup' });
  planId = (await createTestPlan()).id;
});

const form = (n: number) => ({
  name: `Loja Azul ${n}`,
  vat: cnpj.generate(true),
  namePersonal: 'Maria Souza',
  email: `maria${n}@azul.com.br`,
  phone: '11 98888-7777',
  password: 'segredo1',
  planId,
  terms: true,
});

async function tokenFromOutbox(email: string): Promise<string> {
  const { body } = await apiCall('signup', 'GET', '/outbox');
  const mail = body.mails.find((m: { to: string }) => m.to === email);
  return /token=([\w-]+)/.exec(mail.text)![1]!;
}

describe('sign-up to first login', () => {
  it('creates the company (due in 3 days) and its admin on confirmation, once', async () => {
    const input = form(1);
    const created = await apiCall('signup', 'POST', '/leads-web', { body: input, ip: freshIp() });
    expect(created.status).toBe(201);
    const token = await tokenFromOutbox(input.email);
    expect(token.length).toBeGreaterThan(30);

    // Nothing exists before the confirmation.
    expect(await findCompanyIdByName(input.name)).toBeUndefined();
    expect((await login(input.email, input.password)).status).toBe(401);

    const confirmed = await apiCall('signup', 'POST', '/auth/validateTokenSignup', { body: { token } });
    expect(confirmed.body).toMatchObject({ isValid: true, code: 'activated' });
    const company = (await getCompany((await findCompanyIdByName(input.name))!))!;
    expect(Date.parse(company.dueDate!) - Date.now()).toBeGreaterThan(2.9 * MS_PER_DAY);
    // the CNPJ (without its mask) and phone the form asked for, as the companies tab shows and saves them
    expect(company).toMatchObject({
      recurrence: 'MENSAL',
      status: true,
      vat: normaliseTaxId(input.vat),
      phone: input.phone,
    });

    const signedIn = await login(input.email, input.password);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ profile: 'admin', email: input.email });

    const again = await apiCall('signup', 'POST', '/auth/validateTokenSignup', { body: { token } });
    expect(again.body).toMatchObject({ isValid: false, code: 'already_active' });
  });

  it('answers expired for an old token and sends a new link on request', async () => {
    const input = form(2);
    await apiCall('signup', 'POST', '/leads-web', { body: input, ip: freshIp() });
    const token = await tokenFromOutbox(input.email);
    const { createHash } = await import('node:crypto');
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: `P#SIGNUPTOKEN#${createHash('sha256').update(token).digest('base64url')}`, SK: 'TOKEN' },
        UpdateExpression: 'SET validUntil = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    expect((await apiCall('signup', 'POST', '/auth/validateTokenSignup', { body: { token } })).body).toMatchObject({
      isValid: false,
      code: 'expired',
    });

    expect((await apiCall('signup', 'POST', '/auth/tokenSignup', { body: { email: input.email } })).status).toBe(200);
    const fresh = await tokenFromOutbox(input.email);
    expect(fresh).not.toBe(token);
    expect((await apiCall('signup', 'POST', '/auth/validateTokenSignup', { body: { token: fresh } })).body.code).toBe(
      'activated',
    );
  });

  it("refuses 'teste', a taken e-mail, and more than 5 sign-ups from one address per hour", async () => {
    const bad = await apiCall('signup', 'POST', '/leads-web', {
      body: { ...form(3), name: 'Empresa Teste' },
      ip: freshIp(),
    });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });

    const first = form(4);
    await apiCall('signup', 'POST', '/leads-web', { body: first, ip: freshIp() });
    const dup = await apiCall('signup', 'POST', '/leads-web', { body: { ...form(5), email: first.email }, ip: freshIp() });
    expect(dup.body.error).toBe('ERR_LEAD_EMAIL_ALREADY_EXISTS');

    const ip = freshIp();
    const statuses: number[] = [];
    for (let n = 10; n < 16; n++)
      statuses.push((await apiCall('signup', 'POST', '/leads-web', { body: form(n), ip })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

/** Every write the activation makes: the crash test stops it right after each one in turn. */
const WRITE = /^(Put|Update|Delete|TransactWrite|BatchWrite)(Item)?Command$/;

/** Runs `act` with the process "crashing" right after its `n`th write landed; whether it crashed, and what `act` answered. */
async function crashingAfterWrite<T>(n: number, act: () => Promise<T>): Promise<{ crashed: boolean; answer: T }> {
  const client = ddb();
  const send = client.send.bind(client);
  let writes = 0;
  let crashed = false;
  const spy = vi.spyOn(client, 'send').mockImplementation((async (command: object) => {
    const out = await send(command as never);
    if (WRITE.test(command.constructor.name) && ++writes === n && !crashed) {
      crashed = true;
      throw new Error(`crash after write ${n}`);
    }
    return out;
  }) as never);
  try {
    const answer = await act();
    return { crashed, answer };
  } finally {
    spy.mockRestore();
  }
}

/** The due-index entries of a company's invoices (a test-only scan of this file's own table). */
async function invoiceEntries(companyId: string) {
  const out = await ddb().send(
    new ScanCommand({
      TableName: tableName(),
      FilterExpression: 'begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':sk': `${companyId}#${INVOICE_JOB}#` },
    }),
  );
  return out.Items ?? [];
}

describe('sign-up activation after a crash (issue 30 item 17)', () => {
  it('finishes on retry after a crash following any of its writes: one company with its settings, its admin and one first invoice', async () => {
    let crashes = 0;
    for (let n = 1; ; n++) {
      const input = { ...form(100 + n), name: `Loja Retomada ${n}` };
      expect((await apiCall('signup', 'POST', '/leads-web', { body: input, ip: freshIp() })).status).toBe(201);
      const token = await tokenFromOutbox(input.email);

      const { crashed, answer } = await crashingAfterWrite(n, () =>
        apiCall('signup', 'POST', '/auth/validateTokenSignup', { body: { token } }),
      );
      // A crash the attempt itself recovers from (a write that landed but answered an error) still ends activated.
      const finished = answer.body?.code === 'activated';
      if (!finished) expect(answer.status, `crash after write ${n}`).toBe(500);
      const retry = await apiCall('signup', 'POST', '/auth/validateTokenSignup', { body: { token } });
      // After a crash past the last write (the lead marked active), the retry finds it active.
      expect(retry.body.code, `crash after write ${n}`).toMatch(
        finished ? /^already_active$/ : /^(activated|already_active)$/,
      );

      const companyId = (await findCompanyIdByName(input.name))!;
      expect(companyId, `crash after write ${n}`).toBeDefined();
      const company = (await getCompany(companyId))!;
      const admin = (await findUserIdByEmail(input.email))!;
      expect(admin?.companyId, `crash after write ${n}`).toBe(companyId);
      expect((await getUser(companyId, admin.userId))?.profile).toBe('admin');
      expect((await listSettings(companyId)).find((s) => s.key === 'campaignsEnabled')?.value).toBe('false');
      const entries = await invoiceEntries(companyId);
      expect(entries, `crash after write ${n}`).toHaveLength(1);
      expect(entries[0]!.jobId).toBe(company.dueDate!.slice(0, 10));
      expect((await login(input.email, input.password)).status).toBe(200);
      if (!crashed) break; // the activation has fewer writes than n: every step was covered
      crashes++;
    }
    expect(crashes).toBeGreaterThanOrEqual(5);
  });

  it('refuses to finish without its admin when the e-mail was taken since the sign-up', async () => {
    const input = { ...form(200), name: 'Loja Sem Admin' };
    await apiCall('signup', 'POST', '/leads-web', { body: input, ip: freshIp() });
    const token = await tokenFromOutbox(input.email);
    const { company: other } = await createTestCompany({ name: 'Outra Loja 200' });
    const intruder = await addUser(other.id, {
      name: 'Intrusa',
      email: input.email,
      password: 'segredo1',
      profile: 'user',
      status: true,
      super: false,
      queueIds: [],
    });

    const confirmed = await apiCall('signup', 'POST', '/auth/validateTokenSignup', { body: { token } });
    expect(confirmed).toMatchObject({ status: 400, body: { error: 'ERR_EMAIL_ALREADY_EXISTS' } });
    // Not marked active: once the e-mail is free again, the same link finishes the activation with its admin.
    await removeUser(intruder);
    expect((await apiCall('signup', 'POST', '/auth/validateTokenSignup', { body: { token } })).body.code).toBe('activated');
    const companyId = (await findCompanyIdByName(input.name))!;
    expect((await findUserIdByEmail(input.email))?.companyId).toBe(companyId);
  });
});
