import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionDto } from '@atende/shared';
import ConnectionsPage from '@/features/connections';
import { connectionKeys, upsertConnectionInCache } from '@/features/connections/api/connections';
import { QrCodeDialog } from '@/features/connections/components/qr-code-dialog';
import { sessionStore } from '@/lib/session-store';
import { fakeApi } from '../../support/fake-api';
import { sessionUser } from '../../support/fixtures';
import { renderWithProviders } from './render';

const base: ConnectionDto = {
  id: 'w1',
  name: 'Loja Centro',
  channel: 'whatsapp',
  number: '',
  status: 'DISCONNECTED',
  qrcode: '',
  pairingCode: '',
  isDefault: true,
  greetingMessage: '',
  complationMessage: '',
  outOfHoursMessage: '',
  ratingMessage: '',
  provider: 'beta',
  timeToTransfer: null,
  transferQueueId: null,
  queueIds: [],
  queues: [],
  retries: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** Polling limit for what the page shows after its fake API answers (the machine may be busy). */
const WAIT = 10_000;

/** Issue 8 item 17: the QR dialog opens by itself when a QR is on its way, and closes without a spinner flash. */
describe('QR dialog opening and closing', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStore.signIn('token', sessionUser({ profile: 'admin' })));
  afterEach(() => vi.unstubAllGlobals());

  it("opens after 'Novo QR Code' and draws the QR the session then sends", async () => {
    const { calls } = fakeApi({
      'GET /api/whatsapp': { status: 200, body: [base] },
      'GET /api/whatsapp/w1': { status: 200, body: base },
      'PUT /api/whatsappsession/w1': { status: 200, body: {} },
    });
    const { client } = renderWithProviders(<ConnectionsPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Novo QR Code/ }, { timeout: WAIT }));

    const dialog = await screen.findByTestId('qr-dialog', {}, { timeout: WAIT });
    expect(calls.some((call) => call.method === 'PUT' && call.path === '/api/whatsappsession/w1')).toBe(true);
    expect(within(dialog).getByText(/Loja Centro/)).toBeTruthy();
    act(() => upsertConnectionInCache(client, { id: 'w1', status: 'qrcode', qrcode: 'fresh-qr' }));
    await waitFor(() => expect(within(dialog).getByTestId('qr-code').dataset.qr).toBe('fresh-qr'), { timeout: WAIT });
  });

  it('opens for the connection just added', async () => {
    const created: ConnectionDto = { ...base, id: 'w2', name: 'Filial Norte', status: 'OPENING' };
    fakeApi({
      'GET /api/whatsapp': [
        { status: 200, body: [] },
        { status: 200, body: [created] },
      ],
      'POST /api/whatsapp': { status: 200, body: created },
      'GET /api/whatsapp/w2': { status: 200, body: created },
      'GET /api/queue': { status: 200, body: [] },
    });
    renderWithProviders(<ConnectionsPage />);
    fireEvent.click((await screen.findAllByRole('button', { name: /Adicionar/ }, { timeout: WAIT }))[0]!);
    // Menus select the highlighted item: reach it with the keyboard, as jsdom has no pointer moves.
    const menu = await screen.findByRole('menu', {}, { timeout: WAIT });
    const whatsapp = within(menu).getByRole('menuitem', { name: /WhatsApp/ });
    for (let i = 0; i < 5 && !whatsapp.hasAttribute('data-highlighted'); i += 1) {
      fireEvent.keyDown(menu, { key: 'ArrowDown' });
      await waitFor(() => expect(menu.querySelector('[data-highlighted]')).not.toBeNull());
    }
    fireEvent.keyDown(menu, { key: 'Enter' });
    const form = await screen.findByTestId('connection-dialog', {}, { timeout: WAIT });
    fireEvent.change(within(form).getByLabelText(/Nome/), { target: { value: 'Filial Norte' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Adicionar' }));

    const dialog = await screen.findByTestId('qr-dialog', {}, { timeout: WAIT });
    expect(within(dialog).getByText(/Filial Norte/)).toBeTruthy();
  });

  it('keeps the last QR on screen while it closes, never the waiting spinner', async () => {
    fakeApi({ 'GET /api/whatsapp/w1': { status: 200, body: { ...base, status: 'qrcode', qrcode: 'first-qr' } } });
    function Page() {
      const [open, setOpen] = useState<string | null>('w1');
      const close = useCallback(() => setOpen(null), []);
      return <QrCodeDialog connectionId={open} onClose={close} />;
    }
    const { client } = renderWithProviders(<Page />);
    client.setQueryData(connectionKeys.list(), [{ ...base, status: 'qrcode', qrcode: 'first-qr' }]);
    await waitFor(() => expect(screen.getByTestId('qr-code').dataset.qr).toBe('first-qr'), { timeout: WAIT });

    // Every DOM state from here on: the waiting text must never be committed.
    let spinnerSeen = false;
    const observer = new MutationObserver(() => {
      if (document.body.textContent?.includes('Gerando QR Code')) spinnerSeen = true;
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    act(() => upsertConnectionInCache(client, { id: 'w1', status: 'CONNECTED', qrcode: '' }));
    await waitFor(() => expect(screen.queryByTestId('qr-dialog')).toBeNull(), { timeout: WAIT });
    observer.disconnect();
    expect(spinnerSeen).toBe(false);
  });
});
