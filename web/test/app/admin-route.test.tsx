import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminRoute } from '@/app/routes/guards';
import { AppToaster } from '@/components/app-toaster';
import { sessionStore } from '@/lib/session-store';
import { toaster } from '@/lib/toaster';
import { sessionUser } from '../support/fixtures';
import { renderWithProviders } from '../support/render';

function renderAt(path: string) {
  renderWithProviders(
    <>
      <Routes>
        <Route element={<AdminRoute />}>
          <Route path="/users" element={<p>users page</p>} />
        </Route>
        <Route path="/tickets" element={<p>tickets page</p>} />
      </Routes>
      <AppToaster />
    </>,
    { route: path },
  );
}

describe('admin-only routes (issue 8 item 15)', () => {
  afterEach(() => toaster.remove());

  it('sends an operator to /tickets and says why, once', async () => {
    sessionStore.signIn('token', sessionUser({ profile: 'user' }));
    renderAt('/users');

    expect(await screen.findByText('tickets page')).toBeTruthy();
    expect(await screen.findAllByText('Esta área é exclusiva para administradores.')).toHaveLength(1);
  });

  it('lets an admin in without a word', async () => {
    sessionStore.signIn('token', sessionUser({ profile: 'admin' }));
    renderAt('/users');

    expect(await screen.findByText('users page')).toBeTruthy();
    expect(screen.queryByText('Esta área é exclusiva para administradores.')).toBeNull();
  });
});
