/**
 * The phone simulator shows issue 11's transport states: a send WhatsApp refused, a customer file the
 * console did not get, and pairing by a code typed on the simulated business phone.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SimConnectionView, SimMessageView } from '@atende/shared';
import '@/features/simulator/i18n';
import { MessageBubble } from '@/features/simulator/components/message-bubble';
import { SimConnectionsPanel } from '@/features/simulator/components/sim-connections-panel';
import { setRuntimeConfig } from '@/lib/config';
import { fakeApi } from '../../support/fake-api';
import { renderWithProviders } from '../../support/render';

const message = (fields: Partial<SimMessageView>): SimMessageView => ({
  id: 'm1',
  from: 'business',
  text: 'promoção',
  media: null,
  quotedId: null,
  ack: 0,
  edited: false,
  deleted: false,
  timestamp: '2026-11-23T10:00:00.000Z',
  ...fields,
});

const pairing: SimConnectionView = {
  connectionId: 'cn-1',
  companyId: 'co-1',
  status: 'PAIRING',
  qr: null,
  number: null,
  networkDropped: false,
  contacts: 0,
  pairingCode: 'ABCD-1234',
  restricted: false,
  maxInboundMediaBytes: 100 * 1024 * 1024,
};

describe('simulator: transport states', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setRuntimeConfig({ apiUrl: 'http://api.test/api', wsUrl: 'ws://api.test/ws', localMode: false });
  });

  it('marks a business message WhatsApp refused as not sent, without ticks', () => {
    renderWithProviders(<MessageBubble message={message({ failure: 'account-restricted' })} />);
    const failure = screen.getByTestId('sim-message-failure');
    expect(failure.dataset.failure).toBe('account-restricted');
    expect(failure.textContent).toContain('Não enviada: conta restrita pelo WhatsApp (463)');
  });

  it('tells the customer side that the console got the message but not a file over the limit', () => {
    renderWithProviders(
      <MessageBubble
        message={message({
          from: 'customer',
          text: 'contrato',
          failure: 'too-large',
          media: { kind: 'document', mimetype: 'application/pdf', fileName: 'c.pdf', voiceNote: false, url: '/media?key=k' },
        })}
        maxInboundMediaBytes={100 * 1024 * 1024}
      />,
    );
    expect(screen.getByTestId('sim-message-failure').textContent).toContain('arquivo acima do limite de 100 MB');
  });

  it('sends the pairing code typed on the simulated phone', async () => {
    setRuntimeConfig({
      apiUrl: 'http://api.test/api',
      wsUrl: 'ws://api.test/ws',
      localMode: true,
      simulatorUrl: 'http://sim.test',
    });
    const api = fakeApi({
      'POST /connections/cn-1/pairing-code': {
        status: 200,
        body: { connection: { ...pairing, pairingCode: null, status: 'CONNECTED' } },
      },
    });
    renderWithProviders(
      <SimConnectionsPanel
        connections={[pairing]}
        names={{ 'cn-1': 'Loja' }}
        selectedId="cn-1"
        onSelect={() => undefined}
      />,
    );
    const pair = screen.getByTestId('sim-pair');
    expect(pair).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByTestId('sim-pairing-code'), { target: { value: 'abcd-1234' } });
    fireEvent.click(pair);
    await waitFor(() =>
      expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
        ['POST', '/connections/cn-1/pairing-code', { code: 'ABCD-1234' }],
      ]),
    );
  });
});
