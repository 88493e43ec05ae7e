import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_MSG, connectionFormSchema } from '@atende/shared';
import { translateMessage } from '@/lib/i18n';
import { ConnectionDialog } from '@/features/connections/components/connection-dialog';
import { sessionStore } from '@/lib/session-store';
import { fakeApi } from '../../support/fake-api';
import { sessionUser } from '../../support/fixtures';
import { renderWithProviders } from './render';

const base = { name: 'Loja', queueIds: ['q1'] };

function transferError(input: Record<string, unknown>): string | undefined {
  const result = connectionFormSchema.safeParse({ ...base, ...input });
  return result.success ? undefined : result.error.issues.find((i) => i.path[0] === 'transferQueueId')?.message;
}

describe('transfer rules from the shared schema (spec part 2 §5)', () => {
  it('asks for a queue when minutes are set without one', () => {
    expect(transferError({ timeToTransfer: 5, transferQueueId: null })).toBe(CONNECTION_MSG.transferQueueRequired);
    expect(translateMessage(CONNECTION_MSG.transferQueueRequired)).toBe('Informe a fila de transferência automática!');
  });

  it('requires the transfer queue to be one the connection serves', () => {
    expect(translateMessage(transferError({ timeToTransfer: 5, transferQueueId: 'q2' }))).toBe(
      'A fila para auto-transferência precisa está entre as filas que a conexão irá atender!',
    );
  });

  it.each([[0], [null], ['']])('clears queue and time when minutes are %j', (minutes) => {
    const parsed = connectionFormSchema.parse({ ...base, timeToTransfer: minutes, transferQueueId: 'q2' });

    expect(parsed.timeToTransfer).toBeNull();
    expect(parsed.transferQueueId).toBeNull();
  });

  it('keeps a valid rule', () => {
    const parsed = connectionFormSchema.parse({ ...base, timeToTransfer: '10', transferQueueId: 'q1' });

    expect(parsed).toMatchObject({ timeToTransfer: 10, transferQueueId: 'q1' });
  });

  it('requires the name with the spec text', () => {
    const result = connectionFormSchema.safeParse({ name: '  ' });

    expect(result.success).toBe(false);
    expect(translateMessage(result.error?.issues[0]?.message)).toBe(
      'Campo nome é obrigatório. Algo que identifique seu número de WhatsApp.',
    );
  });
});

describe('connection dialog validation', { timeout: 20_000 }, () => {
  beforeEach(() => sessionStore.signIn('token', sessionUser()));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the transfer-queue message under the field and does not save', async () => {
    const { calls } = fakeApi({ 'GET /api/queue': { status: 200, body: [{ id: 'q1', name: 'Vendas', color: '#0a0' }] } });
    renderWithProviders(<ConnectionDialog open connectionId={null} onClose={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText(/^Nome/), { target: { value: 'Loja' } });
    fireEvent.change(screen.getByLabelText('Transferir após x (minutos)'), { target: { value: '5' } });

    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));

    expect((await screen.findAllByText('Informe a fila de transferência automática!')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the name message when the name is empty', async () => {
    fakeApi({ 'GET /api/queue': { status: 404, body: { error: 'ERR_NOT_FOUND' } } });
    renderWithProviders(<ConnectionDialog open connectionId={null} onClose={vi.fn()} />);
    await screen.findByLabelText(/^Nome/);

    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));

    expect(await screen.findByText('Campo nome é obrigatório. Algo que identifique seu número de WhatsApp.')).toBeTruthy();
  });
});
