import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CONNECTION_STATUSES, type ConnectionDto } from '@atende/shared';
import { SessionActions } from '@/features/connections/components/session-actions';
import { sessionActionsFor } from '@/features/connections/lib/session-actions';
import { renderWithProviders } from './render';

function connection(status: ConnectionDto['status']): ConnectionDto {
  return {
    id: 'w1',
    name: 'Loja',
    channel: 'whatsapp',
    number: '5511999990000',
    status,
    qrcode: status === 'qrcode' ? 'QR' : '',
    pairingCode: '',
    isDefault: false,
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
}

describe('session actions by status (spec part 2 §4)', () => {
  it.each([
    ['qrcode', ['showQr']],
    ['DISCONNECTED', ['retry', 'newQr']],
    ['CONNECTED', ['disconnect']],
    ['PAIRING', ['disconnect']],
    ['TIMEOUT', ['disconnect']],
    ['OPENING', ['connecting']],
  ] as const)('%s offers %j', (status, expected) => {
    expect(sessionActionsFor(status)).toEqual(expected);
  });

  it('covers every status the channel contract knows', () => {
    for (const status of CONNECTION_STATUSES) expect(sessionActionsFor(status).length).toBeGreaterThan(0);
  });

  it('offers nothing for an unknown status', () => {
    expect(sessionActionsFor('SOMETHING_NEW')).toEqual([]);
  });

  it('renders try-again and new-QR for a disconnected session and calls back with the row', () => {
    const onRetry = vi.fn();
    const onNewQr = vi.fn();
    const row = connection('DISCONNECTED');
    renderWithProviders(
      <SessionActions connection={row} onShowQr={vi.fn()} onRetry={onRetry} onNewQr={onNewQr} onDisconnect={vi.fn()} />,
    );

    screen.getByRole('button', { name: /Tentar novamente/ }).click();
    screen.getByRole('button', { name: /Novo QR Code/ }).click();

    expect(onRetry).toHaveBeenCalledWith(row);
    expect(onNewQr).toHaveBeenCalledWith(row);
  });

  it('renders a disabled connecting button while OPENING', () => {
    renderWithProviders(
      <SessionActions
        connection={connection('OPENING')}
        onShowQr={vi.fn()}
        onRetry={vi.fn()}
        onNewQr={vi.fn()}
        onDisconnect={vi.fn()}
      />,
    );

    expect((screen.getByRole('button', { name: /Conectando/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
