/** Issue 8 item 17: the simulator's cards read as text a person understands, not ids or '0 segundos'. */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SimConnectionView } from '@atende/shared';
import '@/features/simulator/i18n';
import { SimConnectionsPanel } from '@/features/simulator/components/sim-connections-panel';
import { SimContactsPanel } from '@/features/simulator/components/sim-contacts-panel';
import { renderWithProviders } from '../../support/render';

const disconnected: SimConnectionView = {
  connectionId: '6f1c2a9e-5b7d-4e1a-9c3f-2d8b7a6e5f40',
  companyId: 'co-1',
  status: 'DISCONNECTED',
  qr: null,
  number: null,
  networkDropped: false,
  contacts: 0,
  pairingCode: null,
  restricted: false,
  maxInboundMediaBytes: 100 * 1024 * 1024,
};

describe('simulator: labels', () => {
  it('labels a phone that was never paired instead of showing its connection id', () => {
    renderWithProviders(
      <SimConnectionsPanel
        connections={[disconnected]}
        names={{ [disconnected.connectionId]: 'Loja Centro' }}
        selectedId={null}
        onSelect={vi.fn()}
      />,
    );
    const card = screen.getByTestId('sim-connection');
    expect(card.textContent).toContain('Celular não pareado');
    expect(card.textContent).not.toContain(disconnected.connectionId);
  });

  it("says 'agora' for a message under a minute old, never '0 segundos'", () => {
    const contact = (number: string, secondsAgo: number) => ({
      number,
      name: `Cliente ${number}`,
      lid: `${number.slice(-6)}@lid`,
      lidOnly: false,
      lastMessageAt: new Date(Date.now() - secondsAgo * 1000).toISOString(),
    });
    renderWithProviders(
      <SimContactsPanel
        connectionId="cn-1"
        contacts={[contact('5511900000001', 0), contact('5511900000002', 5 * 60)]}
        selectedNumber={null}
        onSelect={vi.fn()}
      />,
    );
    const rows = screen.getAllByTestId('sim-contact');
    expect(rows[0]!.textContent).toContain('agora');
    expect(rows[0]!.textContent).not.toMatch(/segundo/);
    expect(rows[1]!.textContent).toContain('5 minutos');
  });
});
