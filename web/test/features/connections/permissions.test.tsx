import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionDto } from '@atende/shared';
import ConnectionsPage from '@/features/connections';
import { sessionStore } from '@/lib/session-store';
import { fakeApi } from '../../support/fake-api';
import { company, sessionUser } from '../../support/fixtures';
import { renderWithProviders } from './render';

const connection: ConnectionDto = {
  id: 'w1',
  name: 'Loja Centro',
  channel: 'whatsapp',
  number: '5511999990000',
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

function renderAs(profile: 'admin' | 'user', settings: { key: string; value: string }[] = []) {
  sessionStore.signIn('token', sessionUser({ profile, company: company({ settings }) }));
  fakeApi({ 'GET /api/whatsapp': { status: 200, body: [connection] } });
  renderWithProviders(<ConnectionsPage />);
}

/** Spec part 2 §6 through shared/src/policy: who may not act sees no control that would end in a 403. */
describe('connections screen by permission (issue 8 item 15)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows an operator the list without add, edit, delete or session buttons', async () => {
    renderAs('user');

    expect(await screen.findByText('Loja Centro')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Adicionar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Excluir' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
  });

  it('gives them to an operator when the company enables addAlterConnection', async () => {
    renderAs('user', [{ key: 'addAlterConnection', value: 'enabled' }]);

    expect(await screen.findByText('Loja Centro')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Adicionar/ }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Editar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });

  it('gives them to an admin', async () => {
    renderAs('admin');

    expect(await screen.findByText('Loja Centro')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Excluir' })).toBeTruthy();
  });
});
