import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceDto, PlanDto } from '@atende/shared';
import { CheckoutDialog } from '@/features/invoices/components/checkout-dialog';
import { getRuntimeConfig, setRuntimeConfig } from '@/lib/config';
import { sessionStore } from '@/lib/session-store';
import { fakeApi } from '../../support/fake-api';
import { plan, sessionUser } from '../../support/fixtures';
import { renderWithProviders } from '../../support/render';

const INVOICE: InvoiceDto = {
  id: 'inv1',
  companyId: 'c1',
  companyName: 'Padaria Central',
  description: 'Fatura 03/2026',
  detail: 'PLANO PADRÃO',
  value: 99.9,
  dueDate: '2026-03-10',
  status: 'open',
  txid: null,
  paidAt: null,
  createdAt: '2026-03-01T00:00:00.000Z',
};
const PLANS: PlanDto[] = [
  plan(),
  plan({
    id: 'p2',
    name: 'PLANO MAIOR',
    users: 30,
    connections: 6,
    queues: 20,
    value: 249.5,
    valueYearly: 2495,
    useIntegration: true,
  }),
];
const PIX = '00020126580014BR.GOV.BCB.PIX0136chave-pix-teste5204000053039865406249.505802BR6304ABCD';

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('checkout wizard (spec part 2 §2 "Checkout dialog", §4 "Checkout flow")', () => {
  const config = getRuntimeConfig();
  beforeEach(() => sessionStore.signIn('token', sessionUser()));
  afterEach(() => {
    vi.unstubAllGlobals();
    setRuntimeConfig(config);
  });

  it('checks the data step, advances on a plan choice, reviews and shows the Pix QR screen', async () => {
    setRuntimeConfig({ ...config, localMode: true });
    const { calls } = fakeApi({
      'POST /api/subscription': {
        status: 201,
        body: { invoiceId: 'inv1', txid: 't1', qrcode: { qrcode: PIX }, valor: { original: '249.50' } },
      },
      'POST /api/subscription/sandbox/inv1/pay': { status: 200, body: { outcome: 'paid' } },
    });
    renderWithProviders(<CheckoutDialog invoice={INVOICE} upgrade plans={PLANS} currentPlanId="p1" onClose={() => {}} />);

    // Step "Dados": required fields hold the wizard back with the spec's texts.
    fireEvent.click(await screen.findByTestId('checkout-next', {}, { timeout: 8000 }));
    expect(await screen.findByText('O nome completo é obrigatório', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('O Endereço é obrigatório')).toBeTruthy();
    expect(screen.getByText('Cidade é obrigatória')).toBeTruthy();
    expect(screen.getByText('CEP é obrigatório')).toBeTruthy();

    fill(/^Nome completo/, 'Ana Souza');
    fill(/^Endereço/, 'Rua das Flores, 10');
    fill(/^Cidade/, 'Campinas');
    fill(/^CEP/, '13010-000');
    fireEvent.click(screen.getByTestId('checkout-next'));

    // Step "Personalizar": choosing a plan advances to the review.
    fireEvent.click(await screen.findByTestId('checkout-plan-p2', {}, { timeout: 8000 }));
    const review = await screen.findByTestId('checkout-review');
    expect(review.textContent).toContain('PLANO MAIOR');
    expect(review.textContent).toContain('249,50');

    fireEvent.click(screen.getByTestId('checkout-pay'));
    expect((await screen.findByTestId('pix-generated', {}, { timeout: 8000 })).textContent).toBe(
      'QR Code Pix gerado com sucesso! Aguardando pagamento...',
    );
    expect((screen.getByTestId('pix-code') as HTMLInputElement).value).toBe(PIX);
    expect(screen.getByTitle('QR Code Pix')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/subscription')?.body).toMatchObject({
      firstName: 'Ana Souza',
      address2: 'Rua das Flores, 10',
      zipcode: '13010-000',
      country: 'BR',
      planId: 'p2',
      recurrence: 'MENSAL',
      invoiceId: 'inv1',
    });

    // Local mode: the sandbox pays the charge as the bank's webhook would.
    fireEvent.click(screen.getByTestId('simulate-payment'));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/subscription/sandbox/inv1/pay')).toBe(true));
  });

  it('has no simulate button outside local mode, and says so when the plan cannot be upgraded', async () => {
    const { calls } = fakeApi({ 'POST /api/subscription': { status: 400, body: { error: 'ERR_PLAN_NOT_PUBLISHED' } } });
    const { toaster } = await import('@/lib/toaster');
    const create = vi.spyOn(toaster, 'create');
    renderWithProviders(<CheckoutDialog invoice={INVOICE} upgrade plans={PLANS} currentPlanId="p1" onClose={() => {}} />);
    fill(/^Nome completo/, 'Ana Souza');
    fill(/^Endereço/, 'Rua das Flores, 10');
    fill(/^Cidade/, 'Campinas');
    fill(/^CEP/, '13010-000');
    fireEvent.click(screen.getByTestId('checkout-next'));
    fireEvent.click(await screen.findByTestId('checkout-plan-p2', {}, { timeout: 8000 }));
    fireEvent.click(await screen.findByTestId('checkout-pay'));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Seu plano é personalizado, não é possível realizar o upgrade. Fale com suporte técnico!',
        }),
      ),
    );
    expect(calls.filter((call) => call.path === '/api/subscription')).toHaveLength(1);
    expect(screen.queryByTestId('pix-payment')).toBeNull();
    expect(screen.queryByTestId('simulate-payment')).toBeNull();
  });
});
