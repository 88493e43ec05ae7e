import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceDto } from '@atende/shared';
import { InvoicesPage } from '@/features/invoices/components/invoices-page';
import { sessionStore } from '@/lib/session-store';
import { fakeApi } from '../../support/fake-api';
import { plan, sessionUser } from '../../support/fixtures';
import { renderWithProviders } from '../../support/render';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const invoice = (id: string, overrides: Partial<InvoiceDto>): InvoiceDto => ({
  id,
  companyId: 'c1',
  companyName: 'Padaria Central',
  description: `Fatura ${id}`,
  detail: 'PLANO PADRÃO',
  value: 99.9,
  dueDate: day(5),
  status: 'open',
  txid: null,
  paidAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const PLANS = [plan()];

describe('invoices screen (spec part 2 §2, §4 "Invoice status")', () => {
  afterEach(() => vi.unstubAllGlobals());
  beforeEach(() => sessionStore.signIn('token', sessionUser()));

  it('shows Pago, Vencido (red tint) and Em aberto, and pay buttons on unpaid rows only', async () => {
    fakeApi({
      'GET /api/invoices/all': {
        status: 200,
        body: {
          invoices: [
            invoice('paid', { status: 'paid', dueDate: day(-40), paidAt: '2026-01-02T00:00:00.000Z' }),
            invoice('late', { dueDate: day(-2) }),
            invoice('next', { dueDate: day(10) }),
          ],
          hasMore: false,
        },
      },
      'GET /api/plans/allPublished': { status: 200, body: PLANS },
    });
    renderWithProviders(<InvoicesPage />, { route: '/invoices' });
    const rows = await screen.findAllByTestId('invoice-row', {}, { timeout: 8000 });
    const statusOf = (row: HTMLElement) => within(row).getByTestId('invoice-status').textContent;
    expect(rows.map(statusOf)).toEqual(['Pago', 'Vencido', 'Em aberto']);
    expect(rows.map((row) => row.getAttribute('data-overdue'))).toEqual([null, 'true', null]);
    expect(rows.map((row) => within(row).queryByTestId('invoice-pay') !== null)).toEqual([false, true, true]);
  });

  it("shows the invoice's period as dates, not ISO text (issue 30 item 16)", async () => {
    fakeApi({
      'GET /api/invoices/all': {
        status: 200,
        body: { invoices: [invoice('a', { detail: 'MENSAL · 2026-11-30 → 2026-12-30' })], hasMore: false },
      },
      'GET /api/plans/allPublished': { status: 200, body: PLANS },
    });
    renderWithProviders(<InvoicesPage />, { route: '/invoices' });
    const [row] = await screen.findAllByTestId('invoice-row', {}, { timeout: 8000 });
    expect(within(row!).getByText('MENSAL · 30/11/2026 → 30/12/2026')).toBeTruthy();
    expect(row!.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('filters by status through the API', async () => {
    const { calls } = fakeApi({
      'GET /api/invoices/all': { status: 200, body: { invoices: [invoice('a', {})], hasMore: false } },
      'GET /api/plans/allPublished': { status: 200, body: PLANS },
    });
    renderWithProviders(<InvoicesPage />, { route: '/invoices' });
    await screen.findAllByTestId('invoice-row', {}, { timeout: 8000 });
    fireEvent.click(within(screen.getByTestId('status-filter-paid')).getByText('Pagas'));
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/invoices/all' && call.query.status === 'paid')).toBe(true),
    );
    expect(calls.find((call) => call.path === '/api/invoices/all')?.query.status).toBe('all');
  });

  it('blocks the upgrade of a custom (unpublished) plan with the spec text', async () => {
    fakeApi({
      'GET /api/invoices/all': { status: 200, body: { invoices: [invoice('a', {})], hasMore: false } },
      'GET /api/plans/allPublished': { status: 200, body: [{ ...PLANS[0], id: 'other' }] },
    });
    renderWithProviders(<InvoicesPage />, { route: '/invoices' });
    await screen.findAllByTestId('invoice-row', {}, { timeout: 8000 });
    await waitFor(() => expect(screen.getByTestId('invoice-upgrade')).toBeTruthy());
    const { toaster } = await import('@/lib/toaster');
    const create = vi.spyOn(toaster, 'create');
    // Plans load after the list; wait until the page knows the plan is custom.
    await waitFor(() => {
      fireEvent.click(screen.getByTestId('invoice-upgrade'));
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Seu plano é personalizado, não é possível realizar o upgrade. Fale com suporte técnico!',
        }),
      );
    });
    expect(screen.queryByTestId('checkout-form')).toBeNull();
  });

  it('shows super users every company with the sums in the footer', async () => {
    sessionStore.signIn('token', sessionUser({ super: true }));
    const { calls } = fakeApi({
      'GET /api/invoices/all': { status: 200, body: { invoices: [], hasMore: false } },
      'GET /api/invoices/listAll': {
        status: 200,
        body: {
          invoices: [invoice('x', { companyName: 'Loja Sol' })],
          hasMore: false,
          totals: { pending: 99.9, paid: 50, total: 149.9 },
        },
      },
      'GET /api/companies': { status: 200, body: { companies: [{ id: 'c2', name: 'Loja Sol' }], hasMore: false } },
      'GET /api/plans/allPublished': { status: 200, body: PLANS },
    });
    renderWithProviders(<InvoicesPage />, { route: '/invoices' });
    fireEvent.click(within(await screen.findByTestId('scope-all', {}, { timeout: 8000 })).getByText('Todas as empresas'));
    const totals = await screen.findByTestId('invoice-totals', {}, { timeout: 8000 });
    expect(totals.textContent).toContain('Pendente: R$');
    expect(totals.textContent).toContain('149,90');
    expect(screen.getByText('Loja Sol', { selector: 'td' })).toBeTruthy();
    fireEvent.change(screen.getByTestId('company-filter'), { target: { value: 'c2' } });
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/invoices/listAll' && call.query.companyId === 'c2')).toBe(true),
    );
  });
});
