import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CampaignsRoute } from '@/app/routes/guards';
import { sessionStore } from '@/lib/session-store';
import { company, sessionUser } from '../support/fixtures';
import { renderWithProviders } from '../support/render';

function renderAt(path: string) {
  renderWithProviders(
    <Routes>
      <Route element={<CampaignsRoute />}>
        <Route path="/campaigns" element={<p>campaigns page</p>} />
      </Route>
    </Routes>,
    { route: path },
  );
}

describe('the campaign screens need campaignsEnabled (spec part 3 §6)', () => {
  it('answers "not found" while the company has campaigns off', async () => {
    sessionStore.signIn(
      'token',
      sessionUser({ company: company({ settings: [{ key: 'campaignsEnabled', value: 'disabled' }] }) }),
    );
    renderAt('/campaigns');
    expect(await screen.findByText('404')).toBeTruthy();
    expect(screen.queryByText('campaigns page')).toBeNull();
  });

  it('sets the cshow flag at sign-in of a company with campaigns on, and closes the screens without it', async () => {
    localStorage.removeItem('cshow');
    sessionStore.signIn(
      'token',
      sessionUser({ company: company({ settings: [{ key: 'campaignsEnabled', value: 'enabled' }] }) }),
    );
    expect(localStorage.getItem('cshow')).not.toBeNull();
    localStorage.removeItem('cshow');
    renderAt('/campaigns');
    expect(await screen.findByText('404')).toBeTruthy();
    expect(screen.queryByText('campaigns page')).toBeNull();
  });

  it('leaves the flag alone for a company with campaigns off', () => {
    localStorage.removeItem('cshow');
    sessionStore.signIn('token', sessionUser({ company: company({ settings: [] }) }));
    expect(localStorage.getItem('cshow')).toBeNull();
  });

  it('opens them when it is on', async () => {
    sessionStore.signIn(
      'token',
      sessionUser({ company: company({ settings: [{ key: 'campaignsEnabled', value: 'enabled' }] }) }),
    );
    renderAt('/campaigns');
    expect(await screen.findByText('campaigns page')).toBeTruthy();
  });
});
