/** Issue 10 "Companies" and "Help videos": super users manage them; nobody else writes or reads across companies. */
import { beforeAll, describe, expect, it } from 'vitest';
import { listDueJobs, epochMinute } from '../src/data/due-work';
import { INVOICE_JOB, INVOICE_LEAD_DAYS } from '../src/domain/billing/invoice-job';
import { MS_PER_DAY } from '@atende/shared';
import { getSetting } from '../src/data/settings';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { createTestCompany, createTestTenant, createTestUser, type TestUser } from './support/tenancy-fixtures';

let superUser: TestUser;
beforeAll(async () => {
  await useFreshTable();
  const { company } = await createTestCompany({ isPlatform: true, dueInDays: null, name: 'Plataforma Empresas' });
  superUser = await createTestUser(company.id, { profile: 'admin', super: true });
});

describe('companies tab', () => {
  const body = (planId: string, over: Record<string, unknown> = {}) => ({
    name: `Cliente ${Math.random().toString(36).slice(2, 8)}`,
    email: 'contato@cliente.com.br',
    phone: '11988887777',
    vat: '295.379.955-93',
    planId,
    dueDate: new Date(Date.now() + 20 * MS_PER_DAY).toISOString().slice(0, 10),
    ...over,
  });

  it('creates a company with a checked CPF/CNPJ and puts its next invoice on the due index', async () => {
    const { plan } = await createTestCompany();
    const bad = await apiCall('companies', 'POST', '/companies', {
      token: superUser.token,
      body: body(plan.id, { vat: '295.379.955-94' }),
    });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(JSON.stringify(bad.body.fields)).toMatch(/vat/);

    const created = await apiCall('companies', 'POST', '/companies', { token: superUser.token, body: body(plan.id) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ vat: '29537995593', recurrence: 'MENSAL', planName: plan.name });
    const invoiceAt = epochMinute(new Date(Date.parse(created.body.dueDate) - INVOICE_LEAD_DAYS * MS_PER_DAY));
    const jobs = await listDueJobs(invoiceAt);
    expect(jobs.some((j) => j.companyId === created.body.id && j.jobType === INVOICE_JOB)).toBe(true);

    const dup = await apiCall('companies', 'POST', '/companies', {
      token: superUser.token,
      body: body(plan.id, { name: created.body.name }),
    });
    expect(dup.body.error).toBe('ERR_COMPANY_NAME_ALREADY_EXISTS');
  });

  it("stores a new company's phone, CNPJ and reseller fields with the company itself", async () => {
    const { plan } = await createTestCompany();
    const reseller = await apiCall('companies', 'POST', '/companies', {
      token: superUser.token,
      body: body(plan.id, { isResale: true }),
    });
    const client = await apiCall('companies', 'POST', '/companies', {
      token: superUser.token,
      body: body(plan.id, { clientOf: reseller.body.id }),
    });
    expect(client.status).toBe(201);
    const read = await apiCall('companies', 'GET', '/companies/{id}', {
      token: superUser.token,
      pathParameters: { id: client.body.id },
    });
    expect(read.body).toMatchObject({
      phone: '11988887777',
      vat: '29537995593',
      isResale: false,
      clientOf: reseller.body.id,
    });
    const readReseller = await apiCall('companies', 'GET', '/companies/{id}', {
      token: superUser.token,
      pathParameters: { id: reseller.body.id },
    });
    expect(readReseller.body).toMatchObject({ isResale: true, clientOf: null });
  });

  it('lets only super users write; others read their own company only', async () => {
    const a = await createTestTenant();
    const b = await createTestTenant();
    const edit = body(a.plan.id, { name: a.company.name, dueDate: '2020-01-01' });
    expect(
      (
        await apiCall('companies', 'PUT', '/companies/{id}', {
          token: a.admin.token,
          pathParameters: { id: a.company.id },
          body: edit,
        })
      ).status,
    ).toBe(403);
    expect(
      (await apiCall('companies', 'GET', '/companies/{id}', { token: b.admin.token, pathParameters: { id: a.company.id } }))
        .status,
    ).toBe(404);
    expect(
      (
        await apiCall('companies', 'GET', '/companies/{id}', {
          token: a.operator.token,
          pathParameters: { id: a.company.id },
        })
      ).status,
    ).toBe(200);

    const moved = await apiCall('companies', 'PUT', '/companies/{id}', {
      token: superUser.token,
      pathParameters: { id: a.company.id },
      body: edit,
    });
    expect(moved.body.dueDate).toBe('2020-01-01');
    const listed = await apiCall('companies', 'GET', '/companies', { token: superUser.token });
    expect(listed.body.companies.map((c: { id: string }) => c.id)).toContain(a.company.id);
  });
});

describe('campaign parameters panel', () => {
  const edit = (planId: string, name: string, over: Record<string, unknown>) => ({
    name,
    email: 'contato@cliente.com.br',
    phone: '11988887777',
    vat: '295.379.955-93',
    planId,
    ...over,
  });

  it('stores the toggle and the parameters as the company settings, the value with a comma', async () => {
    const { company, plan } = await createTestCompany();
    const before = await apiCall('companies', 'GET', '/companies/{id}', {
      token: superUser.token,
      pathParameters: { id: company.id },
    });
    expect(before.body).toMatchObject({
      campaignsEnabled: false,
      campaigns: { limitOfCampaignBy: 'doNotLimit', numberOfCampaigns: 1, valueOfResourceCampaigns: 39.99 },
    });
    const campaigns = {
      limitOfCampaignBy: 'month',
      numberOfCampaigns: '4',
      numberOfGroupsCampaigns: 2,
      numberOfContactsInGroupsCampaigns: 300,
      valueOfResourceCampaigns: '12,5',
    };
    const saved = await apiCall('companies', 'PUT', '/companies/{id}', {
      token: superUser.token,
      pathParameters: { id: company.id },
      body: edit(plan.id, company.name, { campaignsEnabled: true, campaigns }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      campaignsEnabled: true,
      campaigns: {
        limitOfCampaignBy: 'month',
        numberOfCampaigns: 4,
        numberOfGroupsCampaigns: 2,
        numberOfContactsInGroupsCampaigns: 300,
        valueOfResourceCampaigns: 12.5,
      },
    });
    expect(await getSetting(company.id, 'campaignsEnabled')).toBe('true');
    expect(await getSetting(company.id, 'valueOfResourceCampaigns')).toBe('12.5');
  });

  it("refuses counts below 1 and a negative usage value with the spec's messages", async () => {
    const { company, plan } = await createTestCompany();
    const bad = await apiCall('companies', 'PUT', '/companies/{id}', {
      token: superUser.token,
      pathParameters: { id: company.id },
      body: edit(plan.id, company.name, {
        campaigns: {
          limitOfCampaignBy: 'day',
          numberOfCampaigns: 0,
          numberOfGroupsCampaigns: 1,
          numberOfContactsInGroupsCampaigns: 1,
          valueOfResourceCampaigns: '-1',
        },
      }),
    });
    expect(bad).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(Object.values(bad.body.fields)).toEqual(
      expect.arrayContaining(['validation.saas.campaignCount', 'validation.saas.campaignValue']),
    );
    expect(await getSetting(company.id, 'limitOfCampaignBy')).toBe('doNotLimit');
  });
});

describe('help videos', () => {
  it('are written by super users and read by everyone', async () => {
    const tenant = await createTestTenant();
    const help = { title: 'Conectando o WhatsApp', description: 'Passo a passo', video: 'dQw4w9WgXcQ' };
    expect((await apiCall('helps', 'POST', '/helps', { token: tenant.admin.token, body: help })).status).toBe(403);
    const created = await apiCall('helps', 'POST', '/helps', { token: superUser.token, body: help });
    expect(created.status).toBe(201);
    const seen = await apiCall('helps', 'GET', '/helps', { token: tenant.operator.token });
    expect(seen.body).toContainEqual({ id: created.body.id, ...help });
    expect(
      (await apiCall('helps', 'DELETE', '/helps/{id}', { token: superUser.token, pathParameters: { id: created.body.id } }))
        .status,
    ).toBe(204);
    expect(
      (await apiCall('helps', 'DELETE', '/helps/{id}', { token: superUser.token, pathParameters: { id: created.body.id } }))
        .status,
    ).toBe(404);
  });
});
