import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserFormDialog } from '@/features/users';
import { sessionStore } from '@/lib/session-store';
import { fakeApi } from '../../support/fake-api';
import { sessionUser } from '../../support/fixtures';
import { renderWithProviders } from '../../support/render';

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('user form validation (spec part 1 §5, part 2 §5)', () => {
  beforeEach(() => sessionStore.signIn('token', sessionUser()));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the spec messages for a too-short name, an invalid e-mail and a too-short password', async () => {
    const { calls } = fakeApi({ 'GET /api/queue': { status: 404, body: { error: 'ERR_NOT_FOUND' } } });
    renderWithProviders(<UserFormDialog open mode="create" actorIsAdmin onClose={() => {}} />);

    fill(/^Nome/, 'A');
    fill(/^E-mail/, 'not-an-email');
    fill(/^Senha/, '123');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));

    expect(await screen.findByText('Email inválido')).toBeTruthy();
    // Name and password are both too short.
    expect(screen.getAllByText('Muito curto!')).toHaveLength(2);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('says a required field is missing and a long name is too long', async () => {
    fakeApi({ 'GET /api/queue': { status: 404 } });
    renderWithProviders(<UserFormDialog open mode="create" actorIsAdmin onClose={() => {}} />);

    fill(/^Nome/, 'x'.repeat(51));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));

    expect(await screen.findByText('Muito longo!')).toBeTruthy();
    expect(screen.getAllByText('Obrigatório')).toHaveLength(2); // e-mail and password
  });

  it('creates the user with the shared payload when the form is valid', async () => {
    const { calls } = fakeApi({
      'GET /api/queue': { status: 200, body: [{ id: 'q1', name: 'Vendas', color: '#0c7d71' }] },
      'POST /api/users': (call) => ({ status: 201, body: { ...sessionUser(), id: 'u2', ...(call.body as object) } }),
    });
    const onClose = vi.fn();
    renderWithProviders(<UserFormDialog open mode="create" actorIsAdmin onClose={onClose} />);

    fill(/^Nome/, 'Bruno Operador');
    fill(/^E-mail/, 'Bruno@Padaria.test');
    fill(/^Senha/, 'segredo1');
    // The one queue picker (components/queue-select): open it, choose the queue.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Filas' }).hasAttribute('data-disabled')).toBe(false));
    fireEvent.click(screen.getByRole('combobox', { name: 'Filas' }));
    fireEvent.click(await screen.findByRole('option', { name: /Vendas/ }));
    await waitFor(() => expect(screen.getByRole('option', { name: /Vendas/ }).getAttribute('aria-selected')).toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({
      name: 'Bruno Operador',
      email: 'bruno@padaria.test',
      password: 'segredo1',
      profile: 'user',
      status: true,
      queueIds: ['q1'],
    });
  });

  it('hides status, profile and queues from an operator editing their own profile', async () => {
    const me = sessionUser({ profile: 'user' });
    sessionStore.signIn('token', me);
    fakeApi({ 'GET /api/users/u1': { status: 200, body: me } });
    renderWithProviders(<UserFormDialog open mode="self" userId="u1" actorIsAdmin={false} onClose={() => {}} />);

    expect(await screen.findByDisplayValue('Ana Admin')).toBeTruthy();
    expect(screen.queryByText('Perfil')).toBeNull();
    expect(screen.queryByText('Filas')).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
