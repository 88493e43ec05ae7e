import type { SubscriptionStatus } from '@atende/shared';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicRoute } from '@/app/routes/guards';
import { AppToaster } from '@/components/app-toaster';
import { LoginPage } from '@/features/auth/components/login-page';
import { loadSignInFlow } from '@/features/auth/hooks/use-sign-in';
import { sessionStore } from '@/lib/session-store';
import { toaster } from '@/lib/toaster';
import { fakeApi } from '../../support/fake-api';
import { company, sessionUser } from '../../support/fixtures';
import { renderWithProviders } from '../../support/render';

const DAY = 86_400_000;

function renderLogin() {
  renderWithProviders(
    <>
      <Routes>
        <Route element={<PublicRoute />}>
          <Route path="/login" element={<LoginPage />} />
        </Route>
        <Route path="/" element={<p>home page</p>} />
        <Route path="/invoices" element={<p>invoices page</p>} />
      </Routes>
      <AppToaster />
    </>,
    { route: '/login' },
  );
}

function submit(email = 'ana@padaria.test', password = 'segredo1') {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Senha'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Acessar' }));
}

const loginAnswer = (
  user = sessionUser(),
  subscription: SubscriptionStatus = { status: 'active', dueDate: null, daysLeft: 30 },
) => ({
  status: 200,
  body: { token: 'token', user, subscription },
});

describe('sign-in rules (spec part 1 §4)', () => {
  // The page fetches the sign-in's steps once painted; fetched here once, so that no test pays for
  // their first transform inside a findBy timeout.
  beforeAll(() => loadSignInFlow());
  beforeEach(() => sessionStore.clear());
  afterEach(() => {
    toaster.remove();
    vi.unstubAllGlobals();
  });

  it('signs in and lands on /', async () => {
    const { calls } = fakeApi({ 'POST /api/auth/login': loginAnswer() });
    renderLogin();

    submit('Ana@Padaria.test');

    expect(await screen.findByText('home page')).toBeTruthy();
    expect(calls[0]!.body).toEqual({ email: 'ana@padaria.test', password: 'segredo1' });
    expect(sessionStore.get().status).toBe('authenticated');
  });

  it('warns an inactive user and stays signed out', async () => {
    fakeApi({
      'POST /api/auth/login': { status: 403, body: { error: 'ERR_USER_INACTIVE' } },
    });
    renderLogin();

    submit();

    expect(await screen.findByText(/Usuário inativo/)).toBeTruthy();
    expect(sessionStore.get().status).toBe('anonymous');
  });

  it('sends an admin with an overdue subscription to /invoices with the message', async () => {
    const dueDate = new Date(Date.now() - 5 * DAY).toISOString();
    fakeApi({
      'POST /api/auth/login': loginAnswer(sessionUser({ company: company({ dueDate }) }), {
        status: 'expired',
        dueDate,
        daysLeft: -5,
      }),
    });
    renderLogin();

    submit();

    expect(await screen.findByText('invoices page')).toBeTruthy();
    expect(screen.getByText(/Ooops! Sua assinatura venceu em \d{2}\/\d{2}\/\d{4}\. Renove/)).toBeTruthy();
  });

  it('tells a non-admin refused for an overdue subscription whose admin must act', async () => {
    fakeApi({
      'POST /api/auth/login': {
        status: 403,
        body: { error: 'ERR_SUBSCRIPTION_EXPIRED', params: { company: 'Padaria Central' } },
      },
    });
    renderLogin();

    submit();

    expect(await screen.findByText('Ooops! A plataforma requer atenção do administrador da Padaria Central.')).toBeTruthy();
    expect(sessionStore.get().status).toBe('anonymous');
  });

  it('warns an admin when 1 to 4 days remain', async () => {
    fakeApi({
      'POST /api/auth/login': loginAnswer(sessionUser(), { status: 'warning', dueDate: null, daysLeft: 3 }),
    });
    renderLogin();

    submit();

    expect(await screen.findByText('Sua assinatura vence em 3 dias.')).toBeTruthy();
    expect(await screen.findByText('home page')).toBeTruthy();
  });

  it('shows the translated error for wrong credentials', async () => {
    fakeApi({ 'POST /api/auth/login': { status: 401, body: { error: 'ERR_INVALID_CREDENTIALS' } } });
    renderLogin();

    submit();

    expect(await screen.findByText('Erro de autenticação. Por favor, tente novamente.')).toBeTruthy();
  });

  it('checks the form with the shared schema (loaded after the page paints) and sends nothing invalid', async () => {
    const { calls } = fakeApi({ 'POST /api/auth/login': loginAnswer() });
    renderLogin();

    submit('ana@', '');

    expect(await screen.findByText('Email inválido')).toBeTruthy();
    expect(screen.getByText('Obrigatório')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
