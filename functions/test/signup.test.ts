/** Issue 10 "Sign-up": lead → e-mail with a token (local outbox) → activation → the admin signs in. */
import { beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { cnpj } from 'cpf-cnpj-validator';
import { MS_PER_DAY } from '@atende/shared';
import { ddb, tableName } from '../src/data/client';
import { findCompanyIdByName, getCompany } from '../src/data/companies';
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
    expect(company).toMatchObject({ recurrence: 'MENSAL', status: true });

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
