import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebhookConfigDto, WebhookDeliveryDto } from '@atende/shared';
import { WebhookPanel } from '@/features/settings/components/webhook-panel';
import { sessionStore } from '@/lib/session-store';
import { fakeApi } from '../../support/fake-api';
import { sessionUser } from '../../support/fixtures';
import { renderWithProviders } from '../../support/render';

const config = (hint: string): WebhookConfigDto => ({
  url: 'https://erp.example/atende',
  enabled: true,
  secretHint: hint,
  events: ['ticket.created', 'ticket.updated', 'message.created'],
  createdAt: '2026-01-01T00:00:00.000Z',
  secretRotatedAt: '2026-01-01T00:00:00.000Z',
});
const delivery: WebhookDeliveryDto = {
  id: 'a1',
  deliveryId: 'dlv_1',
  event: 'message.created',
  attempt: 2,
  status: 'failed',
  httpStatus: 503,
  latencyMs: 42,
  error: 'HTTP 503',
  at: '2026-01-01T10:00:00.000Z',
};

describe('Settings → Webhook (spec part 2 §2; docs/webhooks.md)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the secret once when the webhook is created, then only its hint and the delivery log', async () => {
    sessionStore.signIn('token', sessionUser({ profile: 'admin' }));
    const api = fakeApi({
      'GET /api/webhook': [{ status: 200, body: { webhook: null } }],
      'PUT /api/webhook': { status: 200, body: { webhook: config('whsec_••••AbCd'), secret: 'whsec_secret-AbCd' } },
      'GET /api/webhook/deliveries': { status: 200, body: { deliveries: [delivery] } },
      'POST /api/webhook/rotate': { status: 200, body: { webhook: config('whsec_••••ZzZz'), secret: 'whsec_novo-ZzZz' } },
    });
    renderWithProviders(<WebhookPanel />);

    const url = await screen.findByTestId('webhook-url');
    fireEvent.change(url, { target: { value: 'ftp://nao' } });
    fireEvent.click(screen.getByTestId('webhook-save'));
    expect(await screen.findByText('Valor inválido')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(url, { target: { value: 'https://erp.example/atende' } });
    fireEvent.click(screen.getByTestId('webhook-save'));
    const secret = await screen.findByTestId('webhook-secret');
    expect(within(secret).getByText('whsec_secret-AbCd')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ url: 'https://erp.example/atende', enabled: true });
    expect(await screen.findByText('whsec_••••AbCd')).toBeTruthy();
    const row = await screen.findByTestId('webhook-delivery');
    expect(row.textContent).toContain('message.created');
    expect(row.textContent).toContain('503');

    fireEvent.click(within(secret).getByRole('button', { name: 'Já guardei' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());

    // Rotating asks first, then shows the new secret once.
    fireEvent.click(screen.getByTestId('webhook-rotate'));
    const confirm = await screen.findByRole('alertdialog');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Gerar novo segredo' }));
    expect(within(await screen.findByTestId('webhook-secret')).getByText('whsec_novo-ZzZz')).toBeTruthy();
    expect(await screen.findByText('whsec_••••ZzZz')).toBeTruthy();
  });

  it('is not shown to operators', async () => {
    sessionStore.signIn('token', sessionUser({ profile: 'user' }));
    const api = fakeApi({});
    renderWithProviders(<WebhookPanel />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('webhook-panel')).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
