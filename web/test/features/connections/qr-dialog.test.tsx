import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionDto } from '@atende/shared';
import { connectionKeys, upsertConnectionInCache, upsertLiveConnection } from '@/features/connections/api/connections';
import { QrCodeDialog } from '@/features/connections/components/qr-code-dialog';
import { sessionStore } from '@/lib/session-store';
import { fakeApi } from '../../support/fake-api';
import { sessionUser } from '../../support/fixtures';
import { renderWithProviders } from './render';

const waiting: ConnectionDto = {
  id: 'w1',
  name: 'Loja',
  channel: 'whatsapp',
  number: '',
  status: 'qrcode',
  qrcode: 'first-qr',
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

describe('QR dialog (spec part 2 §4)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStore.signIn('token', sessionUser());
    fakeApi({ 'GET /api/whatsapp/w1': { status: 200, body: waiting } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('redraws on a session update and closes itself when the QR empties', async () => {
    const onClose = vi.fn();
    const { client } = renderWithProviders(<QrCodeDialog connectionId="w1" onClose={onClose} />);
    client.setQueryData(connectionKeys.list(), [waiting]);
    await waitFor(() => expect(screen.getByTestId('qr-code').dataset.qr).toBe('first-qr'));

    act(() => upsertConnectionInCache(client, { id: 'w1', qrcode: 'second-qr' }));
    await waitFor(() => expect(screen.getByTestId('qr-code').dataset.qr).toBe('second-qr'));
    expect(onClose).not.toHaveBeenCalled();

    act(() => upsertConnectionInCache(client, { id: 'w1', status: 'CONNECTED', qrcode: '' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
  it('shows a QR whose event lands while the first fetch is out (that fetch read the server before the QR)', async () => {
    let answerStale: () => void = () => {};
    let detailReads = 0;
    const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (!new URL(String(input)).pathname.endsWith('/w1')) return json([]);
        if (++detailReads > 1) return json({ ...waiting, qrcode: 'live-qr' });
        await new Promise<void>((resolve) => (answerStale = resolve));
        return json({ ...waiting, status: 'OPENING', qrcode: '' });
      }),
    );
    const { client } = renderWithProviders(<QrCodeDialog connectionId="w1" onClose={vi.fn()} />);
    await waitFor(() => expect(detailReads).toBe(1));

    act(() => upsertLiveConnection(client, { id: 'w1', status: 'qrcode', qrcode: 'live-qr' }));
    answerStale();

    await waitFor(() => expect(screen.getByTestId('qr-code').dataset.qr).toBe('live-qr'));
    expect(detailReads).toBe(2);
  });
});
