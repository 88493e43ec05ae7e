import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicRoute } from '@/app/routes/guards';
import { forceLogout } from '@/features/auth';
import { LoginPage } from '@/features/auth/components/login-page';
import i18n from '@/lib/i18n';
import { sessionStore } from '@/lib/session-store';
import { toaster } from '@/lib/toaster';
import { fakeApi } from '../../support/fake-api';
import { sessionUser } from '../../support/fixtures';
import { renderWithProviders } from '../../support/render';

const WAIT = 8000;

/** The login page as a fresh page load shows it (the forced logout reloads the tab). */
function openLogin() {
  cleanup();
  renderWithProviders(
    <Routes>
      <Route element={<PublicRoute />}>
        <Route path="/login" element={<LoginPage />} />
      </Route>
      <Route path="/" element={<p>home page</p>} />
    </Routes>,
    { route: '/login' },
  );
}

describe('the login page after a forced logout (issue 30 item 13)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    fakeApi({
      'DELETE /api/auth/logout': { status: 204 },
      'POST /api/auth/login': {
        status: 200,
        body: { token: 'token', user: sessionUser(), subscription: { status: 'active', dueDate: null, daysLeft: 30 } },
      },
    });
    sessionStore.signIn('token', sessionUser(), { sessionId: 'this-device' });
  });
  afterEach(async () => {
    toaster.remove();
    vi.unstubAllGlobals();
    await i18n.changeLanguage('pt-BR');
  });

  it('says the account was used on another device, after the reload, until the user signs in again', async () => {
    const reload = vi.fn();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    forceLogout('otherDevice', reload);
    vi.advanceTimersByTime(1000);
    vi.useRealTimers();
    expect(reload).toHaveBeenCalledOnce();
    expect(sessionStore.get().status).toBe('anonymous');

    openLogin();
    const notice = await screen.findByTestId('signed-out-reason', {}, { timeout: WAIT });
    expect(notice.textContent).toContain('Sua conta foi acessada em outro dispositivo.');

    // Reloaded once more (or the page revisited): still said.
    openLogin();
    expect(await screen.findByTestId('signed-out-reason', {}, { timeout: WAIT })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@padaria.test' } });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'segredo1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Acessar' }));
    expect(await screen.findByText('home page', {}, { timeout: WAIT })).toBeTruthy();

    sessionStore.clear();
    openLogin();
    await screen.findByRole('button', { name: 'Acessar' }, { timeout: WAIT });
    expect(screen.queryByTestId('signed-out-reason')).toBeNull();
  });

  it("says a deactivation in the page's language", async () => {
    forceLogout('deactivated', () => undefined);
    await i18n.changeLanguage('en');
    openLogin();
    expect((await screen.findByTestId('signed-out-reason', {}, { timeout: WAIT })).textContent).toContain(
      'Your user was deactivated by the administrator.',
    );
  });

  it('shows nothing to a visitor who simply signed out or never signed in', async () => {
    sessionStore.clear();
    openLogin();
    await screen.findByRole('button', { name: 'Acessar' }, { timeout: WAIT });
    await waitFor(() => expect(screen.queryByTestId('signed-out-reason')).toBeNull());
  });
});
