/**
 * Issue 10 "Invoices and payment": the invoice job's idempotency, the Pix checkout with the sandbox
 * provider, the authenticated webhook, replay, and the due date moving by the recurrence.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MS_PER_DAY } from '@atende/shared';
import { getCompany } from '../src/data/companies';
import { getInvoiceTotals, queryCompanyInvoices } from '../src/data/invoices';
import { runInvoiceJob, INVOICE_JOB } from '../src/domain/billing/invoice-job';
import { advanceDueDate, dateOnly } from '../src/domain/billing/recurrence';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { createTestCompany, createTestPlan, createTestTenant, createTestUser } from './support/tenancy-fixtures';

const WEBHOOK_SECRET = 'test-webhook-secret-0123456789';

beforeAll(async () => {
  await useFreshTable();
  process.env.LOCAL_MODE = 'true';
  process.env.PIX_WEBHOOK_SECRET = WEBHOOK_SECRET;
  await createTestCompany({ isPlatform: true, dueInDays: null, name: 'Plataforma Billing' });
});

const jobFor = (companyId: string, dueDate: string) => ({
  companyId,
  jobType: INVOICE_JOB,
  jobId: dateOnly(dueDate),
  dueAt: new Date().toISOString(),
});

describe('invoice job', () => {
  it('creates exactly one invoice per period, however often and concurrently it runs', async () => {
    const { company, plan } = await createTestCompany({ dueInDays: 5 });
    const job = jobFor(company.id, company.dueDate!);
    await Promise.all(Array.from({ length: 5 }, () => runInvoiceJob(job)));
    await runInvoiceJob(job);

    const { invoices } = await queryCompanyInvoices(company.id, 'all', 50);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ dueDate: dateOnly(company.dueDate!), value: plan.value, status: 'open' });
    expect(await getInvoiceTotals(company.id)).toEqual({ pending: plan.value, paid: 0, total: plan.value });
  });

  it('does nothing for a period the due date already left', async () => {
    const { company } = await createTestCompany({ dueInDays: 5 });
    const stale = jobFor(company.id, new Date(Date.now() - 40 * MS_PER_DAY).toISOString());
    expect(await runInvoiceJob(stale)).toBeUndefined();
    expect((await queryCompanyInvoices(company.id, 'all', 50)).invoices).toHaveLength(0);
  });
});

describe('Pix checkout and webhook', () => {
  const checkout = (invoiceId: string, planId: string) => ({
    firstName: 'Maria',
    lastName: 'Souza',
    address2: 'Rua A, 1',
    city: 'São Paulo',
    state: 'SP',
    zipcode: '01001-000',
    country: 'BR',
    planId,
    invoiceId,
  });

  it('pays an invoice once: unauthenticated calls refused, replays ignored, due date moved by the recurrence', async () => {
    const { company, plan, admin } = await createTestTenant({ dueInDays: 3 });
    const invoice = (await runInvoiceJob(jobFor(company.id, company.dueDate!)))!;

    const charge = await apiCall('billing', 'POST', '/subscription', {
      token: admin.token,
      body: checkout(invoice.id, plan.id),
    });
    expect(charge.status).toBe(201);
    expect(charge.body.qrcode.qrcode).toMatch(/^000201/);
    expect(charge.body.valor.original).toBe(plan.value.toFixed(2));

    const body = { pix: [{ txid: charge.body.txid }] };
    expect((await apiCall('billing', 'POST', '/subscription/webhook', { body })).status).toBe(401);
    expect((await apiCall('billing', 'POST', '/subscription/webhook', { body, query: { hmac: 'wrong' } })).status).toBe(401);

    // Authenticated, but the provider says the charge is still open: nothing is paid on the body's word.
    const early = await apiCall('billing', 'POST', '/subscription/webhook', { body, query: { hmac: WEBHOOK_SECRET } });
    expect(early.body.outcomes[charge.body.txid]).toBe('not-paid-yet');

    const paid = await apiCall('billing', 'POST', `/subscription/sandbox/{id}/pay`, {
      token: admin.token,
      pathParameters: { id: invoice.id },
    });
    expect(paid.body.outcome).toBe('paid');
    const expectedDue = advanceDueDate(company.dueDate!, 'MENSAL');
    expect((await getCompany(company.id))!.dueDate).toBe(expectedDue);

    const replay = await apiCall('billing', 'POST', '/subscription/webhook', { body, query: { hmac: WEBHOOK_SECRET } });
    expect(replay.body.outcomes[charge.body.txid]).toBe('already-paid');
    expect((await getCompany(company.id))!.dueDate).toBe(expectedDue);
    expect(await getInvoiceTotals(company.id)).toEqual({ pending: 0, paid: plan.value, total: plan.value });
    const ids = async (status: 'paid' | 'open') =>
      (await queryCompanyInvoices(company.id, status, 50)).invoices.map((listed) => listed.id);
    expect(await ids('paid')).toEqual([invoice.id]);
    expect(await ids('open')).toEqual([]);
  });

  it('refuses an upgrade from an unpublished (custom) plan, and another company cannot pay or see the invoice', async () => {
    const custom = await createTestPlan({ isPublished: false });
    const published = await createTestPlan({ value: 149.9 });
    const { company, admin } = await createTestTenant({ dueInDays: 3 });
    const { company: other } = await createTestCompany({ dueInDays: 3 });
    const otherAdmin = await createTestUser(other.id, { profile: 'admin' });
    const invoice = (await runInvoiceJob(jobFor(company.id, company.dueDate!)))!;

    // The company is on its own published plan; move it to a custom one through the fixture plan id.
    const onCustom = await createTestTenant({ dueInDays: 3 });
    const { updateCompanyPlanForTest } = await import('./support/billing-fixtures');
    await updateCompanyPlanForTest(onCustom.company.id, custom.id);
    const customInvoice = (await runInvoiceJob(jobFor(onCustom.company.id, onCustom.company.dueDate!)))!;
    const blocked = await apiCall('billing', 'POST', '/subscription', {
      token: onCustom.admin.token,
      body: checkout(customInvoice.id, published.id),
    });
    expect(blocked).toMatchObject({ status: 400, body: { error: 'ERR_PLAN_NOT_PUBLISHED' } });

    const foreign = await apiCall('billing', 'POST', '/subscription', {
      token: otherAdmin.token,
      body: checkout(invoice.id, published.id),
    });
    expect(foreign.status).toBe(404);
    const list = await apiCall('billing', 'GET', '/invoices/all', { token: otherAdmin.token });
    expect(list.body.invoices.map((i: { id: string }) => i.id)).not.toContain(invoice.id);
    expect(
      (await apiCall('billing', 'GET', '/invoices/all', { token: admin.token })).body.invoices.map(
        (i: { id: string }) => i.id,
      ),
    ).toContain(invoice.id);
  });
});
